import { get } from '../../core/api/client.ts';
import { fetchShopChat } from '../../ui/chat/shopChat.ts';

export const imApi = {
  /** The IM credential of the signed-in user (their IM user id is their app user id). */
  userSig: () => get('user/getUserSig'),
  /** Who has this phone number (to add as a friend). */
  userByPhone: (phone: string) => get('im/userByPhone', { phone }),
  /** The chat account that answers for a store (made on first use). */
  shopChat: fetchShopChat,
};
