import type { ChatCard } from './message-view.ts';

/**
 * The IM account that answers for a store. The server has no "shop by chat id" lookup yet and
 * stores have no owner account, so each store chats as `store_<id>` (an IM user the operator
 * registers through the IM REST API).
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
