/** Schemas and types of logistics (shared by server and web). */
export {};
