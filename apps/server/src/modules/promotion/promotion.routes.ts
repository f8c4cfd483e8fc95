import {
  BailPayBody,
  BindBody,
  HelpRedData,
  HelpRedQuery,
  IdentityData,
  IncomePage,
  IncomeQuery,
  InviteData,
  InviterCardData,
  InviterCardQuery,
  MemberBuyBody,
  MemberBuyData,
  MemberPlansData,
  MemberPurchaseQuery,
  PageQuery,
  PromoCenterData,
  PromoRulesData,
  SavingsPage,
  TeamPage,
  TeamQuery,
  UpgradeData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { PromotionModule } from './index.ts';

const tags = ['promotion'];
const user = { auth: 'user' as const };

/** Identity, membership, upgrade, binding, invitations, 推广中心, team and income. */
export async function promotionRoutes(app: FastifyInstance, m: PromotionModule) {
  const r = typed(app);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  r.get(
    `${API}/promotion/identity`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的身份（等级、会员、邀请码、邀请人）',
        response: responses(IdentityData),
      },
    },
    async (req) => ok(await m.identities.identity(me(req))),
  );
  r.get(
    `${API}/promotion/rules`,
    {
      schema: {
        tags,
        summary: '推广规则的数字（按运营配置）',
        response: responses(PromoRulesData),
      },
    },
    async () => ok(m.rules()),
  );
  r.post(
    `${API}/promotion/bind`,
    {
      config: user,
      schema: {
        tags,
        summary: '填写邀请码绑定邀请人（绑定期内）',
        body: BindBody,
        response: responses(IdentityData),
      },
    },
    async (req) => ok(await m.identities.bind(me(req), req.body.inviteCode, false)),
  );
  r.get(
    `${API}/promotion/helpRed`,
    {
      config: user,
      schema: {
        tags,
        summary: '好友助力红包：助力的好友（头像、昵称、时间）、已得红包与进度',
        querystring: HelpRedQuery,
        response: responses(HelpRedData),
      },
    },
    async (req) => ok(await m.identities.helpRed(me(req), req.query.size)),
  );
  r.get(
    `${API}/promotion/inviterCard`,
    {
      schema: {
        tags,
        summary: '分享落地页：邀请人与为TA助力的好友（昵称脱敏），无需登录',
        querystring: InviterCardQuery,
        response: responses(InviterCardData),
      },
    },
    async (req) => ok(await m.identities.inviterCard(req.query.code)),
  );
  r.get(
    `${API}/promotion/invite`,
    {
      config: user,
      schema: {
        tags,
        summary: '邀请好友：邀请码、注册链接、海报',
        response: responses(InviteData),
      },
    },
    async (req) => ok(await m.identities.invite(me(req), `${req.protocol}://${req.host}`)),
  );
  r.get(
    `${API}/promotion/upgrade`,
    {
      config: user,
      schema: {
        tags,
        summary: '身份升级：等级权益、598礼包、保证金',
        response: responses(UpgradeData),
      },
    },
    async (req) => ok(await m.upgradeInfo(me(req))),
  );
  r.post(
    `${API}/promotion/bailPay`,
    {
      config: user,
      schema: {
        tags,
        summary: '缴纳保证金升级推广员（余额支付）',
        body: BailPayBody,
        response: responses(IdentityData),
      },
    },
    async (req) => ok(await m.identities.payBail(me(req), req.body.password)),
  );
  r.get(
    `${API}/promotion/center`,
    {
      config: user,
      schema: {
        tags,
        summary: '推广中心：收益、待结算、可提现、待还',
        response: responses(PromoCenterData),
      },
    },
    async (req) => ok(await m.team.center(me(req))),
  );
  r.get(
    `${API}/promotion/team`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的团队：直属 / 间接成员',
        querystring: TeamQuery,
        response: responses(TeamPage),
      },
    },
    async (req) => ok(await m.team.team(me(req), req.query)),
  );
  r.get(
    `${API}/promotion/income`,
    {
      config: user,
      schema: {
        tags,
        summary: '收益明细（佣金，按状态、级别、月份）',
        querystring: IncomeQuery,
        response: responses(IncomePage),
      },
    },
    async (req) => ok(await m.commissions.income(me(req), req.query)),
  );

  r.get(
    `${API}/member/plans`,
    {
      config: user,
      schema: { tags, summary: '会员套餐与我的会员状态', response: responses(MemberPlansData) },
    },
    async (req) => {
      const id = me(req);
      const [identity, saved] = await Promise.all([
        m.identities.identity(id),
        m.membership.saved(id),
      ]);
      return ok({
        plans: m.membership.plans(),
        memberPricePercent: m.membership.rules.pricePercent,
        identity,
        saved,
      });
    },
  );
  r.post(
    `${API}/member/buy`,
    {
      config: user,
      schema: {
        tags,
        summary: '开通 / 续费会员（余额或网关）',
        body: MemberBuyBody,
        response: responses(MemberBuyData),
      },
    },
    async (req) => ok(await m.membership.buy(me(req), req.body)),
  );
  r.get(
    `${API}/member/purchase`,
    {
      config: user,
      schema: {
        tags,
        summary: '会员订单状态（网关支付后轮询）',
        querystring: MemberPurchaseQuery,
        response: responses(MemberBuyData),
      },
    },
    async (req) => ok(await m.membership.purchase(me(req), req.query.purchaseNo)),
  );
  r.get(
    `${API}/member/savings`,
    {
      config: user,
      schema: {
        tags,
        summary: '会员省钱明细',
        querystring: PageQuery,
        response: responses(SavingsPage),
      },
    },
    async (req) =>
      ok(await m.membership.savings(me(req), req.query.pageNum ?? 1, req.query.pageSize ?? 10)),
  );
}
