import { randomUUID } from 'node:crypto';
import {
  PayoutAccountBody,
  PayoutAccountData,
  PayoutNotifyBody,
  WithdrawApplyBody,
  Withdrawal,
  WithdrawalPage,
  WithdrawInfoData,
  WithdrawListQuery,
  WithdrawNoQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { SandboxPayoutGateway } from './withdrawal/payout-gateway.ts';
import type { WithdrawalService } from './withdrawal/withdrawal.service.ts';

const tags = ['withdraw'];
const user = { auth: 'user' as const };

/** alipayNumber, CashWithdrawal, successfulWithdrawals; the payout channel's notify. */
export async function withdrawRoutes(
  app: FastifyInstance,
  w: WithdrawalService,
  sandbox: SandboxPayoutGateway,
) {
  const r = typed(app);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).id;

  r.get(
    `${API}/withdraw/account`,
    {
      config: user,
      schema: { tags, summary: '提现账号（支付宝）', response: responses(PayoutAccountData) },
    },
    async (req) => ok(await w.account(me(req))),
  );
  r.post(
    `${API}/withdraw/account`,
    {
      config: user,
      schema: {
        tags,
        summary: '绑定提现账号（姓名须与实名一致）',
        body: PayoutAccountBody,
        response: responses(PayoutAccountData),
      },
    },
    async (req) => ok(await w.bindAccount(me(req), req.body)),
  );
  r.get(
    `${API}/withdraw/info`,
    {
      config: user,
      schema: {
        tags,
        summary: '提现页：可提现、待还、规则、今日次数',
        response: responses(WithdrawInfoData),
      },
    },
    async (req) => ok(await w.info(me(req))),
  );
  r.post(
    `${API}/withdraw/apply`,
    {
      config: user,
      schema: {
        tags,
        summary: '申请提现（支付密码；金额立即冻结）',
        body: WithdrawApplyBody,
        response: responses(Withdrawal),
      },
    },
    async (req) => ok(await w.apply(me(req), req.body)),
  );
  r.get(
    `${API}/withdraw/list`,
    {
      config: user,
      schema: {
        tags,
        summary: '提现记录',
        querystring: WithdrawListQuery,
        response: responses(WithdrawalPage),
      },
    },
    async (req) => ok(await w.list(me(req), req.query)),
  );
  r.get(
    `${API}/withdraw/detail`,
    {
      config: user,
      schema: {
        tags,
        summary: '提现详情',
        querystring: WithdrawNoQuery,
        response: responses(Withdrawal),
      },
    },
    async (req) => ok(await w.detail(me(req), req.query.withdrawNo)),
  );
  r.post(
    `${API}/pay/payoutNotify`,
    {
      schema: {
        tags: ['pay'],
        summary: '提现打款结果通知（签名校验）',
        body: PayoutNotifyBody,
        response: responses(Type.Object({ result: Type.String() })),
      },
    },
    async (req) => ok({ result: await w.notify(req.body) }),
  );

  // The sandbox channel pays at once and notifies through the route above, as a real one would.
  const inFlight = new Set<Promise<void>>();
  sandbox.onPayout((p, result) => {
    const fields = { withdrawNo: p.withdrawNo, amount: p.amount, result, nonce: randomUUID() };
    const payload = { ...fields, sign: sandbox.sign(fields) };
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        const res = await app.inject({ method: 'POST', url: `${API}/pay/payoutNotify`, payload });
        if (res.statusCode >= 500)
          app.log.warn({ withdrawNo: p.withdrawNo }, 'sandbox payout notify failed');
      })
      .catch((err) => app.log.warn({ err }, 'sandbox payout notify failed'));
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  });
  app.addHook('preClose', async () => {
    await Promise.all(inFlight);
  });
}
