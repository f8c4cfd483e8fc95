// Order placement on a database: POST order/newAdd (one line, a fresh clientKey per request) by
// the signed-in users, over the hot products' SKUs, CONNECTIONS at a time (as bench/orders).
import { randomBytes } from 'node:crypto';
// @ts-expect-error autocannon ships no types (its result is read as AutocannonResult below)
import autocannon from 'autocannon';
// @ts-expect-error the shared harness is plain JavaScript (no types)
import { API, CONNECTIONS } from '../lib.mjs';
import type { Counts } from './counts.ts';
import type { Session } from './pages.ts';
import type { AutocannonResult } from './sweep.ts';

export interface PlacementRow {
  ordersPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export function placeOrders(
  base: string,
  c: Counts,
  sessions: Session[],
  seconds: number,
): Promise<PlacementRow> {
  let n = 0;
  // The first SKU of the 100 hottest products (or all of them, when fewer).
  const skus = Array.from(
    { length: Math.min(100, c.products) },
    (_, i) => i * c.skusPerProduct + 1,
  );
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${API}/order/newAdd`,
        connections: CONNECTIONS,
        duration: seconds,
        method: 'POST',
        requests: [
          {
            setupRequest(req: Record<string, unknown>) {
              const i = n++;
              const s = sessions[i % sessions.length] as Session;
              return {
                ...req,
                headers: { 'content-type': 'application/json', TOKEN: s.token },
                body: JSON.stringify({
                  clientKey: `s_${randomBytes(8).toString('hex')}`,
                  addressId: s.addressId,
                  items: [{ skuId: skus[i % skus.length], quantity: 1 }],
                }),
              };
            },
          },
        ],
      },
      (err: Error | null, r: AutocannonResult) =>
        err
          ? reject(err)
          : resolve({
              ordersPerSec: Math.round(r['2xx'] / seconds),
              p50: r.latency.p50,
              p99: r.latency.p99,
              non2xx: r.non2xx,
            }),
    );
  });
}
