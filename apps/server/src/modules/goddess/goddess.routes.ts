import {
  GoddessDeductionPage,
  GoddessFriendPage,
  GoddessHome,
  GoddessInviterQuery,
  GoddessJoinBody,
  GoddessMyInviter,
  GoddessPageQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { GoddessService } from './goddess.service.ts';

const tags = ['goddess'];
const user = { auth: 'user' as const };

/** goddess (女神帮), MyInviter (我的邀请) and deductionDetail (抵扣明细): always one's own. */
export async function goddessRoutes(app: FastifyInstance, goddess: GoddessService) {
  const r = typed(app);
  r.get(
    `${API}/goddess/home`,
    {
      config: user,
      schema: {
        tags,
        summary: '女神帮首页：成员人数、我的状态与邀请数据、规则（带邀请人时显示邀请人）',
        querystring: GoddessInviterQuery,
        response: responses(GoddessHome),
      },
    },
    async (req) => ok(await goddess.home(currentUser(req).id, req.query)),
  );
  r.post(
    `${API}/goddess/join`,
    {
      config: user,
      schema: {
        tags,
        summary: '加入女神帮（每人一次；可带邀请人的用户ID或邀请码，邀请人须为成员）',
        body: GoddessJoinBody,
        response: responses(GoddessHome),
      },
    },
    async (req) => ok(await goddess.join(currentUser(req).id, req.body)),
  );
  r.get(
    `${API}/goddess/inviter`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的邀请人（谁邀请了我、何时加入）',
        response: responses(GoddessMyInviter),
      },
    },
    async (req) => ok(await goddess.myInviter(currentUser(req).id)),
  );
  r.get(
    `${API}/goddess/friends`,
    {
      config: user,
      schema: {
        tags,
        summary: '我邀请的好友（最新在前，含是否获得抵扣金）',
        querystring: GoddessPageQuery,
        response: responses(GoddessFriendPage),
      },
    },
    async (req) => ok(await goddess.friends(currentUser(req).id, req.query)),
  );
  r.get(
    `${API}/goddess/deductions`,
    {
      config: user,
      schema: {
        tags,
        summary: '抵扣明细：邀请好友获得的抵扣金（计入红包余额）',
        querystring: GoddessPageQuery,
        response: responses(GoddessDeductionPage),
      },
    },
    async (req) => ok(await goddess.deductions(currentUser(req).id, req.query)),
  );
}
