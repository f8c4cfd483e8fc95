/** Schemas and types of service (shared by server and web). */
export {};
