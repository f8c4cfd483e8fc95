/** Schemas and types of aftersale (shared by server and web). */
export {};
