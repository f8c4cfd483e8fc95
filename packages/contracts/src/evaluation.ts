/** Schemas and types of evaluation (shared by server and web). */
export {};
