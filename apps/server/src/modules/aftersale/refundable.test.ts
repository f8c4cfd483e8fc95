import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fullyRefunded,
  lineAmount,
  type RefundItem,
  type RefundPart,
  refundable,
} from './refundable.ts';

const order = (status: string, shipping_fee: number) => ({ status, shipping_fee });

describe('refundable (pure rules)', () => {
  it('before shipping: whole lines, shipping with the last one only', () => {
    const items: RefundItem[] = [
      { id: 1, price: 1000, quantity: 2 },
      { id: 2, price: 500, quantity: 1 },
    ];
    const o = order('unshipped', 800);
    expect(refundable(o, items, [], 1)).toMatchObject({
      maxAmount: 2000,
      shippingIncluded: 0,
      fullRequired: true,
      types: ['refund'],
    });
    const first: RefundPart = {
      order_item_id: 1,
      status: 'refunded',
      amount: 2000,
      shipping_amount: 0,
    };
    expect(refundable(o, items, [first], 2)).toMatchObject({
      maxAmount: 1300,
      shippingIncluded: 800,
    });
    expect(refundable(o, items, [first], 1).maxAmount).toBe(0);
  });

  it('after shipping: both types, never the shipping fee', () => {
    const items: RefundItem[] = [{ id: 1, price: 1000, quantity: 1 }];
    expect(refundable(order('unreceived', 800), items, [], 1)).toMatchObject({
      maxAmount: 1000,
      shippingIncluded: 0,
      fullRequired: false,
      types: ['refund', 'return'],
    });
  });

  it('whatever the sequence of requests, no more than was paid ever comes back', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 10_000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.constantFrom('unshipped', 'unreceived', 'unevaluated'),
        fc.integer({ min: 0, max: 1000 }),
        fc.array(
          fc.record({
            line: fc.nat(),
            share: fc.double({ min: 0, max: 1, noNaN: true }),
            outcome: fc.constantFrom('refunded', 'rejected', 'cancelled', 'pending'),
          }),
          { maxLength: 20 },
        ),
        (lines, status, shipping, steps) => {
          const items = lines.map((l, i) => ({ id: i + 1, ...l }));
          const o = order(status, shipping);
          const refunds: RefundPart[] = [];
          for (const step of steps) {
            const item = items[step.line % items.length] as RefundItem;
            // One open request per line: a pending one settles before the next is asked.
            for (const r of refunds) if (r.status === 'pending') r.status = 'refunded';
            const q = refundable(o, items, refunds, item.id);
            if (q.maxAmount <= 0) continue;
            const amount = q.fullRequired
              ? q.maxAmount
              : Math.max(1, Math.floor(q.maxAmount * step.share));
            refunds.push({
              order_item_id: item.id,
              status: step.outcome,
              amount,
              shipping_amount: Math.min(q.shippingIncluded, amount),
            });
          }
          for (const r of refunds) if (r.status === 'pending') r.status = 'refunded';
          const done = refunds.filter((r) => r.status === 'refunded');
          const paid = items.reduce((s, i) => s + lineAmount(i), 0) + shipping;
          const back = done.reduce((s, r) => s + r.amount, 0);
          expect(back).toBeLessThanOrEqual(paid);
          const shippingBack = done.reduce((s, r) => s + r.shipping_amount, 0);
          expect(shippingBack).toBe(status === 'unshipped' && shippingBack > 0 ? shipping : 0);
          for (const i of items) {
            const goods = done
              .filter((r) => r.order_item_id === i.id)
              .reduce((s, r) => s + r.amount - r.shipping_amount, 0);
            expect(goods).toBeLessThanOrEqual(lineAmount(i));
          }
          if (fullyRefunded(items, done)) {
            for (const i of items) expect(refundable(o, items, done, i.id).maxAmount).toBe(0);
            // Refunded whole before shipping: every fen, shipping included, went back.
            if (status === 'unshipped') expect(back).toBe(paid);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
