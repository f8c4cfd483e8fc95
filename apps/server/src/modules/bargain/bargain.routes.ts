import {
  BargainAdminClaimsQuery,
  BargainAdminItem,
  BargainAdminItemsQuery,
  BargainBrief,
  BargainClaim,
  BargainClaimAdmin,
  BargainClaimApproveBody,
  BargainClaimBody,
  BargainClaimData,
  BargainClaimQuery,
  BargainClaimRejectBody,
  BargainDetailData,
  BargainDetailQuery,
  BargainEditionsData,
  BargainHelpBody,
  BargainHelpData,
  BargainItemBody,
  BargainItemCreated,
  BargainItemData,
  BargainItemQuery,
  BargainItemsData,
  BargainItemsQuery,
  BargainItemUpdateBody,
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
import type { BargainService } from './bargain.service.ts';
import type { BargainPoster } from './bargain-poster.ts';

const tags = ['bargain'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };
const admin = { auth: 'admin' as const };

/** Zero-yuan bargain (砍价免费拿) and its New Year edition (SPEC §1, §2, §7). */
export async function bargainRoutes(
  app: FastifyInstance,
  bargain: BargainService,
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
    async () => ok(await bargain.editions()),
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
      ok(await bargain.items(optionalUser(req)?.id ?? null, req.query.edition ?? 'normal')),
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
    async (req) => ok(await bargain.item(optionalUser(req)?.id ?? null, req.query.id)),
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
      ok(await bargain.posts(req.query.itemId, req.query.pageNum ?? 1, req.query.pageSize ?? 10)),
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
    async (req) => ok(await bargain.start(currentUser(req).id, req.body.itemId)),
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
    async (req) => ok(await bargain.detail(optionalUser(req)?.id ?? null, req.query.id)),
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
      return ok(await bargain.help(currentUser(req).id, req.ip, ticket, req.body.bargainId));
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
    async (req) => ok(await bargain.mine(currentUser(req).id, req.query)),
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
    async (req) => ok(await bargain.myHelps(currentUser(req).id, req.query)),
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
    async (req) => ok(await bargain.thanks(currentUser(req).id, req.query)),
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
    async (req) => ok(await bargain.claim(currentUser(req).id, req.body)),
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
    async (req) => ok(await bargain.claimOf(currentUser(req).id, req.query.id)),
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
    async (req) => ok(await bargain.post(currentUser(req).id, req.body)),
  );

  const adminBase = `${API}/admin/bargain`;
  const adminTags = ['admin'];

  r.get(
    `${adminBase}/items`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：砍价商品',
        querystring: BargainAdminItemsQuery,
        response: responses(Page(BargainAdminItem)),
      },
    },
    async (req) => ok(await bargain.adminItems(req.query)),
  );

  r.post(
    `${adminBase}/item`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：新增砍价商品',
        body: BargainItemBody,
        response: responses(BargainItemCreated),
      },
    },
    async (req) => ok(await bargain.createItem(req.body)),
  );

  r.post(
    `${adminBase}/item/update`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：修改砍价商品（进行中的砍价按发起时的条件）',
        body: BargainItemUpdateBody,
        response: responses(BargainAdminItem),
      },
    },
    async (req) => ok(await bargain.updateItem(req.body)),
  );

  r.get(
    `${adminBase}/claims`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：免单领取记录（默认待审核）',
        querystring: BargainAdminClaimsQuery,
        response: responses(Page(BargainClaimAdmin)),
      },
    },
    async (req) => ok(await bargain.adminClaims(req.query)),
  );

  r.post(
    `${adminBase}/claim/approve`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：审核通过（下单）',
        body: BargainClaimApproveBody,
        response: responses(BargainClaimData),
      },
    },
    async (req) => ok(await bargain.approve(req.body.claimId)),
  );

  r.post(
    `${adminBase}/claim/reject`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：审核驳回（名额退回）',
        body: BargainClaimRejectBody,
        response: responses(BargainClaim),
      },
    },
    async (req) => ok(await bargain.reject(req.body.claimId, req.body.reason)),
  );
}
