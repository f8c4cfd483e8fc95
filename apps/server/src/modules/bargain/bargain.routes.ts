import {
  BargainBrief,
  BargainClaim,
  BargainClaimBody,
  BargainClaimData,
  BargainClaimQuery,
  BargainDetailData,
  BargainDetailQuery,
  BargainEditionsData,
  BargainHelpBody,
  BargainHelpData,
  BargainItemData,
  BargainItemQuery,
  BargainItemsData,
  BargainItemsQuery,
  BargainMineQuery,
  BargainPost,
  BargainPostBody,
  BargainPosterData,
  BargainPostsQuery,
  BargainStartBody,
  BargainThanksPage,
  BargainThanksQuery,
  MyHelpRow,
  MyHelpsQuery,
  Page,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { BargainOperator } from './admin/admin.service.ts';
import type { BargainPoster } from './bargain-poster.ts';
import type { BargainBrowse } from './browse/browse.service.ts';
import type { BargainClaims } from './claim/claim.service.ts';
import type { BargainHelping } from './help/help.service.ts';
import type { BargainPosts } from './post/post.service.ts';

/** The bargain's services, one per concern. */
export interface BargainServices {
  browse: BargainBrowse;
  helping: BargainHelping;
  claims: BargainClaims;
  posts: BargainPosts;
  operator: BargainOperator;
}

const tags = ['bargain'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };

/** Zero-yuan bargain (砍价免费拿) and its New Year edition (SPEC §1, §2, §7). */
export async function bargainRoutes(
  app: FastifyInstance,
  s: BargainServices,
  poster: BargainPoster,
) {
  const r = typed(app);
  const base = `${API}/bargain`;

  r.get(
    `${base}/editions`,
    {
      schema: {
        tags,
        summary: '砍价活动（普通 / 新春）：主题、横幅、规则',
        response: responses(BargainEditionsData),
      },
    },
    async () => ok(await s.browse.editions()),
  );

  r.get(
    `${base}/items`,
    {
      config: optional,
      schema: {
        tags,
        summary: '砍价商品列表（含我的砍价进度）',
        querystring: BargainItemsQuery,
        response: responses(BargainItemsData),
      },
    },
    async (req) =>
      ok(await s.browse.items(optionalUser(req)?.id ?? null, req.query.edition ?? 'normal')),
  );

  r.get(
    `${base}/item`,
    {
      config: optional,
      schema: {
        tags,
        summary: '砍价商品详情（目标价、所需助力、时限、剩余名额、晒单）',
        querystring: BargainItemQuery,
        response: responses(BargainItemData),
      },
    },
    async (req) => ok(await s.browse.item(optionalUser(req)?.id ?? null, req.query.id)),
  );

  r.get(
    `${base}/posts`,
    {
      schema: {
        tags,
        summary: '砍价商品的晒单',
        querystring: BargainPostsQuery,
        response: responses(Page(BargainPost)),
      },
    },
    async (req) =>
      ok(await s.posts.posts(req.query.itemId, req.query.pageNum ?? 1, req.query.pageSize ?? 10)),
  );

  r.post(
    `${base}/start`,
    {
      config: user,
      schema: {
        tags,
        summary: '发起砍价（自己先砍一刀）',
        body: BargainStartBody,
        response: responses(BargainDetailData),
      },
    },
    async (req) => ok(await s.helping.start(currentUser(req).id, req.body.itemId)),
  );

  r.get(
    `${base}/detail`,
    {
      config: optional,
      schema: {
        tags,
        summary: '砍价详情（剩余金额、倒计时、帮砍好友、能否帮砍、分享路径）',
        querystring: BargainDetailQuery,
        response: responses(BargainDetailData),
      },
    },
    async (req) => ok(await s.browse.detail(optionalUser(req)?.id ?? null, req.query.id)),
  );

  r.get(
    `${base}/poster`,
    {
      config: optional,
      schema: {
        tags,
        summary: '邀请好友帮砍的海报（商品、目标价、帮砍链接的二维码）',
        querystring: BargainDetailQuery,
        response: responses(BargainPosterData),
      },
    },
    async (req) => ok(await poster.poster(req.query.id, `${req.protocol}://${req.host}`)),
  );

  r.post(
    `${base}/help`,
    {
      config: user,
      schema: {
        tags,
        summary: '帮好友砍一刀（请求头 ticket：人机验证 bargain:<id> 的解答，一次有效）',
        body: BargainHelpBody,
        response: responses(BargainHelpData),
      },
    },
    async (req) => {
      const header = req.headers.ticket;
      const ticket = Array.isArray(header) ? header[0] : header;
      return ok(await s.helping.help(currentUser(req).id, req.ip, ticket, req.body.bargainId));
    },
  );

  r.get(
    `${base}/mine`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的砍价',
        querystring: BargainMineQuery,
        response: responses(Page(BargainBrief)),
      },
    },
    async (req) => ok(await s.browse.mine(currentUser(req).id, req.query)),
  );

  r.get(
    `${base}/myHelps`,
    {
      config: user,
      schema: {
        tags,
        summary: '我帮砍过的（砍掉的金额与奖励）',
        querystring: MyHelpsQuery,
        response: responses(Page(MyHelpRow)),
      },
    },
    async (req) => ok(await s.browse.myHelps(currentUser(req).id, req.query)),
  );

  r.get(
    `${base}/thanks`,
    {
      config: user,
      schema: {
        tags,
        summary: '感谢帮砍：谁帮我砍了多少',
        querystring: BargainThanksQuery,
        response: responses(BargainThanksPage),
      },
    },
    async (req) => ok(await s.browse.thanks(currentUser(req).id, req.query)),
  );

  r.post(
    `${base}/claim`,
    {
      config: user,
      schema: {
        tags,
        summary: '领取免单（砍价成功后限时内，选择地址下单；异常助力转人工审核）',
        body: BargainClaimBody,
        response: responses(BargainClaimData),
      },
    },
    async (req) => ok(await s.claims.claim(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/claim`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的领取记录（审核状态、订单）',
        querystring: BargainClaimQuery,
        response: responses(BargainClaim),
      },
    },
    async (req) => ok(await s.claims.claimOf(currentUser(req).id, req.query.id)),
  );

  r.post(
    `${base}/post`,
    {
      config: user,
      schema: {
        tags,
        summary: '晒单（确认收货后，文字 + 最多9张图）',
        body: BargainPostBody,
        response: responses(BargainPost),
      },
    },
    async (req) => ok(await s.posts.post(currentUser(req).id, req.body)),
  );
}
