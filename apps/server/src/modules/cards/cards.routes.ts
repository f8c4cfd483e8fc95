import {
  CardAdminGiveBody,
  CardAdminGiveData,
  CardCampaignBody,
  CardCampaignIdBody,
  CardCampaignQuery,
  CardCampaignUpdateBody,
  CardCampaignView,
  CardExchangeData,
  CardGiveBody,
  CardGiveData,
  CardLogQuery,
  CardLogRow,
  CardShareData,
  CardsHomeData,
  Page,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { CardsService } from './cards.service.ts';

const tags = ['cards'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** rootPages/integral/cards (集卡有礼) and the operator's campaigns. */
export async function cardsRoutes(app: FastifyInstance, cards: CardsService) {
  const r = typed(app);
  r.get(
    `${API}/cards/home`,
    {
      config: user,
      schema: {
        tags,
        summary: '集卡活动与我的卡片：各卡数量、是否集齐、可否兑换、今日已得卡的行为',
        querystring: CardCampaignQuery,
        response: responses(CardsHomeData),
      },
    },
    async (req) => ok(await cards.home(currentUser(req).id, req.query.campaignId)),
  );
  r.post(
    `${API}/cards/share`,
    {
      config: user,
      schema: {
        tags,
        summary: '分享活动得一张卡（每天一次，重复调用不再给卡）',
        body: CardCampaignIdBody,
        response: responses(CardShareData),
      },
    },
    async (req) => ok(await cards.share(currentUser(req).id, req.body.campaignId)),
  );
  r.post(
    `${API}/cards/give`,
    {
      config: user,
      schema: {
        tags,
        summary: '赠送一张卡给好友（好友手机号或用户 ID，不能送给自己）',
        body: CardGiveBody,
        response: responses(CardGiveData),
      },
    },
    async (req) => ok(await cards.give(currentUser(req).id, req.body)),
  );
  r.post(
    `${API}/cards/exchange`,
    {
      config: user,
      schema: {
        tags,
        summary: '集齐兑换：每种卡各扣一张，发放活动奖励（每人次数有限，并发只兑一次）',
        body: CardCampaignIdBody,
        response: responses(CardExchangeData),
      },
    },
    async (req) => ok(await cards.exchange(currentUser(req).id, req.body.campaignId)),
  );
  r.get(
    `${API}/cards/log`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的卡片记录（获得、赠送、兑换）',
        querystring: CardLogQuery,
        response: responses(Page(CardLogRow)),
      },
    },
    async (req) => ok(await cards.log(currentUser(req).id, req.query)),
  );
  r.post(
    `${API}/admin/cards/campaign`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '运营：创建集卡活动（卡片种类与权重、集齐奖励、每人兑换次数）',
        body: CardCampaignBody,
        response: responses(CardCampaignView),
      },
    },
    async (req) => ok(await cards.createCampaign(req.body)),
  );
  r.post(
    `${API}/admin/cards/campaign/update`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '运营：修改集卡活动（已有用户集卡后卡片种类数量不可改）',
        body: CardCampaignUpdateBody,
        response: responses(CardCampaignView),
      },
    },
    async (req) => ok(await cards.updateCampaign(req.body)),
  );
  r.post(
    `${API}/admin/cards/give`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '运营：给用户发放卡片',
        body: CardAdminGiveBody,
        response: responses(CardAdminGiveData),
      },
    },
    async (req) => ok(await cards.adminGive(req.body)),
  );
}
