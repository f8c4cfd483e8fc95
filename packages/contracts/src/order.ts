// Request and response schemas of the order routes.
export {};
