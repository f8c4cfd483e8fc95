/** A failed farm action's words: the server's message, else a generic retry hint. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : '操作失败，请重试';
