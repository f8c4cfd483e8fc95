import type {
  CardExchangeData,
  CardGiveData,
  CardLogRow,
  CardShareData,
  CardsHomeData,
  PageOf,
} from '@chaopin/contracts';
import { get, post } from '../../../core/api/client.ts';

/** Card collecting (集卡有礼). */
export const cardsApi = {
  /** The campaign (default: the one running now) and my count of each kind. */
  home: (campaignId?: number) => get<CardsHomeData>('cards/home', campaignId ? { campaignId } : {}),
  /** Today's share card (once a day: fresh false afterwards). */
  share: (campaignId: number) => post<CardShareData>('cards/share', { campaignId }),
  give: (campaignId: number, kindId: number, phone: string) =>
    post<CardGiveData>('cards/give', { campaignId, kindId, phone }),
  exchange: (campaignId: number) => post<CardExchangeData>('cards/exchange', { campaignId }),
  log: (campaignId: number, pageNum: number, pageSize: number) =>
    get<PageOf<CardLogRow>>('cards/log', { campaignId, pageNum, pageSize }),
};
