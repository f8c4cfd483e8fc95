import { get, post } from '../../../core/api/client.ts';

/** Card collecting (集卡有礼). */
export const cardsApi = {
  /** The campaign (default: the one running now) and my count of each kind. */
  home: (campaignId?: number) => get('cards/home', campaignId ? { campaignId } : {}),
  /** Today's share card (once a day: fresh false afterwards). */
  share: (campaignId: number) => post('cards/share', { campaignId }),
  give: (campaignId: number, kindId: number, phone: string) =>
    post('cards/give', { campaignId, kindId, phone }),
  exchange: (campaignId: number) => post('cards/exchange', { campaignId }),
  log: (campaignId: number, pageNum: number, pageSize: number) =>
    get('cards/log', { campaignId, pageNum, pageSize }),
};
