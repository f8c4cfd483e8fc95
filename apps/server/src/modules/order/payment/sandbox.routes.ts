import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { API, typed } from '../../../platform/route-schema.ts';
import type { SandboxGateway } from './gateway.ts';
import type { PaymentService } from './payment.service.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font:16px system-ui,sans-serif;color:#333;margin:0;padding:24px;text-align:center}
.amount{font-size:36px;color:#FF0135;margin:24px 0}button{display:block;width:100%;padding:14px;
margin:12px 0;border:0;border-radius:24px;font-size:17px}.pay{background:#FF0135;color:#fff}
.cancel{background:#eee;color:#333}</style></head><body>${body}</body></html>`;
}

const Query = Type.Object({ paymentNo: Type.String({ minLength: 1, maxLength: 40 }) });
const Submit = Type.Object({
  paymentNo: Type.String({ minLength: 1, maxLength: 40 }),
  action: Type.Union([Type.Literal('pay'), Type.Literal('cancel')]),
});

/**
 * The sandbox gateway's cashier: a page that simulates the payment app. Its buttons post back
 * here; the "gateway" then sends a signed notify to pay/notify asynchronously, like a real one.
 * Notifies still in flight are awaited on close.
 */
export async function sandboxRoutes(
  app: FastifyInstance,
  payments: PaymentService,
  gateway: SandboxGateway,
) {
  const r = typed(app);
  const inFlight = new Set<Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  const sendNotify = async (paymentNo: string, amount: number, result: 'paid' | 'cancelled') => {
    const fields = { paymentNo, amount, result, nonce: randomUUID() };
    const payload = { ...fields, sign: gateway.sign(fields) };
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await app.inject({ method: 'POST', url: `${API}/pay/notify`, payload });
      if (res.statusCode < 500) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    app.log.warn({ paymentNo }, 'sandbox notify failed');
  };

  // The sandbox "pays back" every refund it is asked for at once, then notifies like a payment.
  const sendRefundNotify = async (refundNo: string, amount: number) => {
    const fields = { refundNo, amount, nonce: randomUUID() };
    const payload = { ...fields, sign: gateway.signRefund(fields) };
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await app.inject({ method: 'POST', url: `${API}/pay/refundNotify`, payload });
      if (res.statusCode < 500) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    app.log.warn({ refundNo }, 'sandbox refund notify failed');
  };
  gateway.onRefund((r) => {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => sendRefundNotify(r.refundNo, r.amount))
      .catch((err) => app.log.warn({ err }, 'sandbox refund notify failed'));
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
  });

  r.get('/sandbox/cashier', { schema: { hide: true, querystring: Query } }, async (req, reply) => {
    const payment = await payments.pending(req.query.paymentNo);
    reply.type('text/html; charset=utf-8');
    if (!payment) return page('收银台', '<p>支付单不存在</p>');
    if (payment.status !== 'pending') return page('收银台', '<p>该支付单已处理</p>');
    const no = escapeHtml(payment.payment_no);
    const button = (action: string, cls: string, text: string) =>
      `<form method="post" action="/sandbox/cashier"><input type="hidden" name="paymentNo" value="${no}">
<input type="hidden" name="action" value="${action}"><button class="${cls}" type="submit">${text}</button></form>`;
    return page(
      '沙箱收银台',
      `<h3>沙箱收银台</h3><p>支付单号 ${no}</p><div class="amount">${yuan(payment.amount)}</div>
${button('pay', 'pay', '支付')}${button('cancel', 'cancel', '取消')}`,
    );
  });

  r.post('/sandbox/cashier', { schema: { hide: true, body: Submit } }, async (req, reply) => {
    reply.type('text/html; charset=utf-8');
    const payment = await payments.pending(req.body.paymentNo);
    if (payment?.status !== 'pending') return page('收银台', '<p>该支付单已处理</p>');
    const result = req.body.action === 'pay' ? 'paid' : 'cancelled';
    const job = sendNotify(payment.payment_no, payment.amount, result).catch((err) =>
      app.log.warn({ err }, 'sandbox notify failed'),
    );
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
    const text = result === 'paid' ? '支付成功，正在通知商户…' : '已取消支付';
    return page('收银台', `<h3>${text}</h3><p><a href="/#/">返回</a></p>`);
  });
}
