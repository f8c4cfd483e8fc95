/** Schemas and types of message (shared by server and web). */
export {};
