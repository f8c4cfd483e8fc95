/** TIM-style client for the self-hosted messaging service (filled by the IM work). */
export {};
