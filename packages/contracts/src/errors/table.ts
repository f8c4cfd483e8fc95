/** One catalogue entry per error id: HTTP status (and envelope code) and the Chinese toast text. */
export type ErrorTable = Record<string, { status: number; msg: string }>;
