/** Schemas and types of invoice (shared by server and web). */
export {};
