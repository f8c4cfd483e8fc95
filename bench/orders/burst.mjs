#!/usr/bin/env node
// Burst benchmark: N buyers connect and submit an order (POST order/newAdd) at the same instant,
// each on its own new TCP connection (no keep-alive, no client-side pooling), against the seeded
// embedded server. Counts what each client saw: 2xx, 503 envelopes (with Retry-After), other
// statuses, and connection errors (resets, refused, timeouts), with latency percentiles from the
// common start. Usage (after `npm run build`):
//   npm run bench:orders -w @chaopin/bench -- --burst 300,1000,2000 [--timeout 120]
// or `npm run bench:orders-burst -w @chaopin/bench`. Server settings pass through as env, e.g.
// MAX_CONCURRENT=… MAX_QUEUE=…; BENCH_APP_MAIN=path/to/main.js runs another build.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { API, buyerWithAddress, pool, postForm, startApp } from '../lib.mjs';

const STOCK = 1_000_000;

function listArg(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at > 0 ? process.argv[at + 1] : undefined;
  return raw ? raw.split(',').map(Number) : fallback;
}
const sizes = listArg('burst', [300, 1000, 2000]);
const timeoutMs = (listArg('timeout', [120])[0] ?? 120) * 1000;
const PASS_THROUGH = [
  'LISTEN_BACKLOG',
  'MAX_CONCURRENT',
  'MAX_QUEUE',
  'QUEUE_TIMEOUT_MS',
  'BUSY_RETRY_AFTER_SECONDS',
];

async function prepare(base, buyersNeeded) {
  const admin = await postForm(base, '/user/login', {
    phone: '13800000000',
    password: 'Admin@123456',
  });
  const list = await (await fetch(`${base}${API}/goods/list?pageSize=20&sort=sales`)).json();
  const skuIds = [];
  for (const card of list.data.list) {
    const detail = await (await fetch(`${base}${API}/goods/detail?id=${card.id}`)).json();
    const sku = detail.data.skus[0];
    await postForm(base, '/admin/sku/stock', { skuId: sku.id, stock: STOCK }, admin.data.token);
    skuIds.push(sku.id);
  }
  const started = Date.now();
  const buyers = await pool(
    Array.from({ length: buyersNeeded }, (_, i) => i),
    16,
    () => buyerWithAddress(base),
  );
  console.log(`${buyersNeeded} buyers ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { skuIds, buyers };
}

/** One buyer's order on a connection of its own; resolves with what the client saw. */
function submit(url, buyer, skuId, t0) {
  const body = JSON.stringify({
    clientKey: `burst_${randomBytes(8).toString('hex')}`,
    addressId: buyer.addressId,
    items: [{ skuId, quantity: 1 }],
  });
  return new Promise((resolve) => {
    let settled = false;
    const done = (r) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, ms: Date.now() - t0 });
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent: false, // a new connection, closed after the answer
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
          TOKEN: buyer.token,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (err) => done({ error: err.code ?? err.message }));
        res.on('end', () => {
          let envelope;
          try {
            envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            envelope = undefined;
          }
          done({
            status: res.statusCode,
            envelope,
            retryAfter: res.headers['retry-after'],
          });
        });
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' }));
    });
    req.on('error', (err) => done({ error: err.code ?? err.message }));
    req.end(body);
  });
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

async function burst(base, fixture, n) {
  const url = `${base}${API}/order/newAdd`;
  const t0 = Date.now();
  const results = await Promise.all(
    fixture.buyers
      .slice(0, n)
      .map((b, i) => submit(url, b, fixture.skuIds[i % fixture.skuIds.length], t0)),
  );
  const errors = {};
  const statuses = {};
  let busy = 0;
  let busyWellFormed = 0;
  for (const r of results) {
    if (r.error) errors[r.error] = (errors[r.error] ?? 0) + 1;
    else statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status === 503) {
      busy++;
      const e = r.envelope;
      if (e?.code === 503 && e.error === 'SERVER_BUSY' && e.msg && Number(r.retryAfter) > 0)
        busyWellFormed++;
    }
  }
  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  const answered = results.filter((r) => !r.error).map((r) => r.ms);
  const okMs = ok.map((r) => r.ms).sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  const connErrors = Object.values(errors).reduce((a, b) => a + b, 0);
  return {
    burst: n,
    ok: ok.length,
    busy503: busy,
    busy503Envelope: busyWellFormed,
    otherStatus: Object.fromEntries(
      Object.entries(statuses).filter(([s]) => !(s >= 200 && s < 300) && s !== '503'),
    ),
    connErrors,
    errors,
    okP50: pct(okMs, 50),
    okP90: pct(okMs, 90),
    okP99: pct(okMs, 99),
    allP50: pct(answered, 50),
    allP99: pct(answered, 99),
    maxMs: answered.at(-1) ?? 0,
    seconds: (Date.now() - t0) / 1000,
  };
}

/** Waits until the server answers health checks quickly again (the previous burst drained). */
async function settle(base) {
  for (let i = 0; i < 300; i++) {
    const t = Date.now();
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && Date.now() - t < 50) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1000));
}

export async function runBurst() {
  const env = { SEED: 'true' };
  for (const k of PASS_THROUGH) if (process.env[k]) env[k] = process.env[k];
  const app = await startApp(18990, env);
  try {
    const fixture = await prepare(app.base, Math.max(...sizes));
    await burst(app.base, fixture, 20); // warm-up
    const rows = [];
    for (const n of sizes) {
      await settle(app.base);
      const row = await burst(app.base, fixture, n);
      console.log(JSON.stringify(row));
      rows.push(row);
    }
    console.log(
      `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${new Date().toISOString()}`,
    );
    console.log(`server env: ${JSON.stringify(env)}; client timeout ${timeoutMs / 1000} s\n`);
    console.log(
      '| burst | 2xx | 503 (envelope + Retry-After) | other status | conn. errors | p50 ms (2xx) | p90 ms | p99 ms | last answer s |',
    );
    console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const other = Object.entries(r.otherStatus)
        .map(([s, c]) => `${s}: ${c}`)
        .join(', ');
      const errs = Object.entries(r.errors)
        .map(([e, c]) => `${e} ${c}`)
        .join(', ');
      console.log(
        `| ${r.burst} | ${r.ok} | ${r.busy503} (${r.busy503Envelope}) | ${other || '—'} | ${r.connErrors}${errs ? ` (${errs})` : ''} | ${r.okP50} | ${r.okP90} | ${r.okP99} | ${(r.maxMs / 1000).toFixed(1)} |`,
      );
    }
    return rows;
  } finally {
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runBurst();
  process.exit(0);
}
