import { get } from '../../core/api/client.ts';

// ServiceButton (product and order pages) asks for the shop's chat account before opening it;
// chat/api.ts keeps imApi.shopChat on this call.

export const fetchShopChat = (storeId: number) => get('message/shopByChatId', { storeId });
