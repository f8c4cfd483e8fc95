// Request and response schemas of the address routes.
export {};
