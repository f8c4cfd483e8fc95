// Request and response schemas of the cart routes.
export {};
