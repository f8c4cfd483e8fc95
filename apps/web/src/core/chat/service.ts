import type { ChatCard } from './message-view.ts';

/**
 * The IM account that answers for a store: `store_<id>`, which the server makes on first use
 * (message/shopByChatId); the operator may give it a password through the IM REST API to answer.
 */
export const storeChatId = (storeId: number | string) => `store_${storeId}`;

/** The chat page with a store, offering `card` (a product or an order) to send. */
export function serviceChatPath(
  roomPath: string,
  storeId: number | string,
  card?: ChatCard,
): string {
  const q = new URLSearchParams({ conversationID: `C2C${storeChatId(storeId)}` });
  if (card) q.set('card', JSON.stringify(card));
  return `${roomPath}?${q}`;
}
