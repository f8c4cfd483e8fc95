// Request and response schemas of the goods routes.
export {};
