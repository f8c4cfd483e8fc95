import {
  Empty,
  GameCreatedData,
  GameGuessBody,
  GameIdBody,
  GameInviteData,
  GameJoinBody,
  GameJoinData,
  GameMine,
  GamePrizeBody,
  GameResultsData,
  GameRoundBody,
  GameRoundData,
  GameRoundQuery,
  GameRoundsPage,
  GameRoundsQuery,
  GameSweepData,
  NewOrderData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { GameService } from './game.service.ts';
import type { GameSweeper } from './game-sweeper.ts';

const tags = ['game'];
const user = { auth: 'user' as const };
const optional = { auth: 'optional' as const };
const admin = { auth: 'admin' as const };

/** The prize-guessing game: game, order, pay, inviter, info (SPEC §2 rootPages/game). */
export async function gameRoutes(app: FastifyInstance, game: GameService, sweeper: GameSweeper) {
  const r = typed(app);
  const base = `${API}/game`;

  r.get(
    `${base}/rounds`,
    {
      schema: {
        tags,
        summary: '竞猜活动列表（进行中在前）',
        querystring: GameRoundsQuery,
        response: responses(GameRoundsPage),
      },
    },
    async (req) => ok(await game.list(req.query)),
  );
  r.get(
    `${base}/round`,
    {
      config: optional,
      schema: {
        tags,
        summary: '竞猜详情：商品、截止时间、我的竞猜（只含自己的）',
        querystring: GameRoundQuery,
        response: responses(GameRoundData),
      },
    },
    async (req) => ok(await game.round(req.query.id, optionalUser(req)?.id ?? null)),
  );
  r.get(
    `${base}/results`,
    {
      schema: {
        tags,
        summary: '开奖结果：全部竞猜（昵称脱敏）与中奖者，开奖后公开',
        querystring: GameRoundQuery,
        response: responses(GameResultsData),
      },
    },
    async (req) => ok(await game.results(req.query.id)),
  );
  r.post(
    `${base}/join`,
    {
      config: user,
      schema: {
        tags,
        summary: '报名并用积分支付报名费（每轮一次，同一请求标识幂等）',
        body: GameJoinBody,
        response: responses(GameJoinData),
      },
    },
    async (req) => ok(await game.join(currentUser(req).id, req.body)),
  );
  r.post(
    `${base}/guess`,
    {
      config: user,
      schema: {
        tags,
        summary: '提交竞猜价格（分），截止前密封',
        body: GameGuessBody,
        response: responses(GameMine),
      },
    },
    async (req) => ok(await game.guess(currentUser(req).id, req.body)),
  );
  r.get(
    `${base}/invite`,
    {
      config: user,
      schema: {
        tags,
        summary: '邀请好友：每位通过我的链接报名的好友为我增加一次竞猜机会',
        querystring: GameRoundQuery,
        response: responses(GameInviteData),
      },
    },
    async (req) => ok(await game.invite(currentUser(req).id, req.query.id)),
  );
  r.post(
    `${base}/prize`,
    {
      config: user,
      schema: {
        tags,
        summary: '中奖者确认收货地址，生成0元奖品订单',
        body: GamePrizeBody,
        response: responses(NewOrderData),
      },
    },
    async (req) => ok(await game.claimPrize(currentUser(req).id, req.body)),
  );

  const adminBase = `${API}/admin/game`;
  const adminTags = ['admin'];
  r.post(
    `${adminBase}/round`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：创建竞猜（商品规格、报名积分、每次可猜次数、截止时间、安慰奖）',
        body: GameRoundBody,
        response: responses(GameCreatedData),
      },
    },
    async (req) => ok({ id: await game.createRound(req.body) }),
  );
  r.post(
    `${adminBase}/close`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：立即截止竞猜（随后由开奖任务结算）',
        body: GameIdBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await game.closeNow(req.body.id);
      return ok(null);
    },
  );
  r.post(
    `${adminBase}/settle`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：立即运行开奖任务（与定时任务相同，每轮只结算一次）',
        response: responses(GameSweepData),
      },
    },
    async () => ok({ settled: await sweeper.settleDue() }),
  );
}
