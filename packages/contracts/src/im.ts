/** Schemas and types of im (shared by server and web). */
export {};
