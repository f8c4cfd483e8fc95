/**
 * Fuzz of every operation in /openapi.json: each field of each operation (query, path and body,
 * nested fields too) is sent hostile values — wrong types, huge and empty strings, NUL, unpaired
 * surrogates, traversal and injection strings, Infinity / 1e309 / -1 / 2^31 / 2^63 / floats, arrays
 * for scalars, objects — as JSON and as a form body; each operation also gets broken bodies
 * (malformed JSON, a non-object body, malformed form and multipart bodies, unknown content types)
 * and a junk query. Anonymous, as a signed-in user and as the seeded operator.
 *
 * Every answer must be below 500 and be JSON in the `{ code, msg, data }` envelope, with a
 * catalogue `error` id (and `data: null`) when `code` is not 1. A route added later is fuzzed
 * without touching this file, since the operations come from the spec.
 *
 * The default run (CI, both modes) samples the corpus per field with a seeded PRNG so that it stays
 * within a few thousand requests; the full run sends every value to every field as every identity:
 *
 *   npx vitest run --project server apps/server/test/fuzz-openapi.test.ts
 *   FUZZ_FULL=1 npx vitest run --project server apps/server/test/fuzz-openapi.test.ts
 *
 * FUZZ_SEED=<n> changes the sample (a failure prints the seed); TEST_LOG_LEVEL=error shows the
 * server's log of a 500.
 */
import { ERRORS } from '@chaopin/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeText } from '../src/platform/input-rules.ts';
import { DEMO_ADMIN, seedDemo } from '../src/seed/seed.ts';
import { API, createTestApp, login, type TestApp } from './helpers.ts';
import {
  CORPUS,
  describeValue,
  encode,
  fieldPaths,
  formValue,
  prng,
  type Schema,
  sample,
  setAt,
  toForm,
  toJson,
} from './kits/fuzz-kit.ts';

const FULL = process.env.FUZZ_FULL === '1';
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_617);
/** Values sent to one field in the default run (each as one identity, drawn in turn). */
const PER_FIELD = 5;

// ---------------------------------------------------------------------------------------------
// The corpus

/** Whole bodies that are broken, whatever the route: [content-type, payload]. */
const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const BROKEN_BODIES: Array<[string | undefined, string]> = [
  ['application/json', '{"a":'],
  ['application/json', ''],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '123'],
  ['application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ['application/json', '{"a":"\\ud800","b":"\\u0000"}'],
  ['application/json; charset=latin1', '{}'],
  ['application/x-www-form-urlencoded', '%zz=%&&=&a[]=1&a[]=2&__proto__=1'],
  ['application/x-www-form-urlencoded', 'a=%00&b=%ED%A0%80&c=%C0%AF'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  [undefined, 'no content type'],
  ['multipart/form-data', 'no boundary at all'],
  ['multipart/form-data; boundary=', '--\r\n'],
  [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n`],
  [
    `multipart/form-data; boundary=${BOUNDARY}`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
  ],
  [
    `multipart/form-data; boundary=${BOUNDARY}`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/passwd\u0000.mp4"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
  ],
  [`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nbroken header line\r\n\r\n`],
  [`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}--\r\n`],
  [
    `multipart/form-data; boundary=${BOUNDARY}`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nv\u0000\r\n--${BOUNDARY}--\r\n`,
  ],
];

/** Query strings that are broken whatever the route. */
const BROKEN_QUERIES = [
  '%zz&%&&=&=x',
  'a=%00&b=%ED%A0%80&c=%C0%AF',
  `${'a='.repeat(2000)}`,
  'pageNum=1&pageNum=2&id=1&id=2&keyword=a&keyword=b',
  '__proto__=1&constructor=2&toString=3',
  `q=${'%F0%9F%98%80'.repeat(2000)}`,
];

// ---------------------------------------------------------------------------------------------
// The spec

interface Param {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  params: Param[];
  body: Schema | undefined;
  binary: boolean;
}

function operations(spec: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}): Operation[] {
  const resolve = (s: Schema | undefined, depth = 0): Schema | undefined => {
    if (!s || depth > 20) return s;
    if (s.$ref) {
      const name = s.$ref.split('/').pop() as string;
      return resolve(spec.components?.schemas?.[name], depth + 1);
    }
    return s;
  };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = ((op.parameters as Param[] | undefined) ?? []).map((p) => ({
        ...p,
        schema: resolve(p.schema),
      }));
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content;
      const responses = (op.responses ?? {}) as Record<string, { content?: object }>;
      const binary = Object.keys(responses['200']?.content ?? {}).some((t) => !t.includes('json'));
      out.push({
        method: method.toUpperCase(),
        path,
        params,
        body: resolve(content?.['application/json']?.schema),
        binary,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Identity = 'anonymous' | 'user' | 'operator';
const IDENTITIES: Identity[] = ['anonymous', 'user', 'operator'];

interface Case {
  op: Operation;
  who: Identity;
  what: string;
  query?: Record<string, unknown>;
  rawQuery?: string;
  pathValues?: Record<string, unknown>;
  body?: unknown;
  form?: boolean;
  rawBody?: [string | undefined, string];
}

function buildCases(ops: Operation[]): Case[] {
  const rnd = prng(SEED);
  const cases: Case[] = [];
  let turn = 0;
  const whoFor = (): Identity[] => (FULL ? IDENTITIES : [IDENTITIES[turn++ % 3] as Identity]);
  for (const op of ops) {
    const queryParams = op.params.filter((p) => p.in === 'query');
    const pathParams = op.params.filter((p) => p.in === 'path');
    const baseQuery = Object.fromEntries(
      queryParams.filter((p) => p.required).map((p) => [p.name, sample(p.schema)]),
    );
    const basePath = Object.fromEntries(pathParams.map((p) => [p.name, sample(p.schema)]));
    const baseBody = op.body ? sample(op.body) : undefined;
    const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
    const base = { op, query: baseQuery, pathValues: basePath };

    // The plain request, as everyone.
    for (const who of IDENTITIES) cases.push({ ...base, who, what: 'baseline', body: baseBody });

    const fields: Array<{ where: 'query' | 'path' | 'body'; path: Array<string | number> }> = [
      ...queryParams.map((p) => ({ where: 'query' as const, path: [p.name] })),
      ...pathParams.map((p) => ({ where: 'path' as const, path: [p.name] })),
      ...(hasBody ? fieldPaths(op.body).map((path) => ({ where: 'body' as const, path })) : []),
    ];
    for (const field of fields) {
      const values = FULL ? CORPUS : rnd.pick(CORPUS, PER_FIELD);
      for (const value of values) {
        for (const who of whoFor()) {
          const what = `${field.where} ${field.path.join('.')} = ${describeValue(value)}`;
          if (field.where === 'query') {
            cases.push({
              ...base,
              who,
              what,
              query: { ...baseQuery, [field.path[0] as string]: value },
              body: baseBody,
            });
          } else if (field.where === 'path') {
            cases.push({
              ...base,
              who,
              what,
              pathValues: { ...basePath, [field.path[0] as string]: value },
              body: baseBody,
            });
          } else {
            const body = setAt(baseBody, field.path, value);
            cases.push({ ...base, who, what, body });
            // The same as a form body, for top-level fields (what the app sends).
            if (field.path.length === 1 && (FULL || value === values[0])) {
              cases.push({ ...base, who, what: `${what} (form)`, body, form: true });
            }
          }
        }
      }
    }

    // Broken bodies and queries, whatever the route declares. A POST without a JSON body in the
    // spec (an upload reads multipart itself) gets every broken multipart body as a signed-in
    // user and as the operator, so that the parts are read.
    const multipartOnly = op.method === 'POST' && !op.body;
    const bodies = !hasBody
      ? []
      : FULL || multipartOnly
        ? BROKEN_BODIES
        : rnd.pick(BROKEN_BODIES, 6);
    for (const rawBody of bodies) {
      const signedIn = multipartOnly && rawBody[0]?.startsWith('multipart/');
      for (const who of signedIn && !FULL ? (['user', 'operator'] as const) : whoFor()) {
        cases.push({
          ...base,
          who,
          what: `body ${rawBody[0]}: ${describeValue(rawBody[1])}`,
          rawBody,
        });
      }
    }
    const whole = hasBody ? (FULL ? CORPUS : rnd.pick(CORPUS, 3)) : [];
    for (const value of whole) {
      for (const who of whoFor())
        cases.push({ ...base, who, what: `body = ${describeValue(value)}`, body: value });
    }
    for (const rawQuery of FULL ? BROKEN_QUERIES : rnd.pick(BROKEN_QUERIES, 2)) {
      for (const who of whoFor()) {
        cases.push({
          ...base,
          who,
          what: `query ${describeValue(rawQuery)}`,
          rawQuery,
          body: baseBody,
        });
      }
    }
  }
  return cases;
}

function toRequest(c: Case, headers: Record<string, string>): InjectOptions {
  let url = c.op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = c.pathValues?.[name];
    return encode(formValue(v === undefined ? 'abc' : v));
  });
  const query = c.rawQuery ?? toForm(c.query ?? {});
  if (query) url += `?${query}`;
  const opts: InjectOptions = { method: c.op.method as InjectOptions['method'], url, headers };
  if (c.op.method === 'GET' || c.op.method === 'DELETE') return opts;
  if (c.rawBody) {
    const [type, payload] = c.rawBody;
    if (type) opts.headers = { ...headers, 'content-type': type };
    opts.payload = payload;
  } else if (c.body !== undefined) {
    opts.headers = {
      ...headers,
      'content-type': c.form ? 'application/x-www-form-urlencoded' : 'application/json',
    };
    opts.payload = c.form ? toForm(c.body) : toJson(c.body);
  }
  return opts;
}

// ---------------------------------------------------------------------------------------------
// The run

interface Failure {
  op: string;
  who: Identity;
  what: string;
  status: number;
  answer: string;
}

/** Why an answer is not a well-formed envelope, or undefined when it is. */
function envelopeProblem(
  op: Operation,
  status: number,
  contentType: string,
  text: string,
): string | undefined {
  if (status >= 500) return 'status ≥ 500';
  if (status < 300 && op.binary && !contentType.includes('json')) return undefined;
  if (!contentType.startsWith('application/json')) return `content-type ${contentType}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (body === null || typeof body !== 'object') return 'not an object';
  if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) {
    return 'not {code,msg,data}';
  }
  if (body.code === 1) return status === 200 ? undefined : `code 1 with status ${status}`;
  if (body.code !== status) return `code ${body.code} ≠ status ${status}`;
  if (typeof body.error !== 'string' || !(body.error in ERRORS)) return 'no catalogue error id';
  if (body.data !== null) return 'error with data';
  return undefined;
}

describe('fuzz of every OpenAPI operation', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const tokens: Partial<Record<Identity, string>> = {};
  const bearers: Partial<Record<Identity, string>> = {};

  async function signIn(who: Identity) {
    if (who === 'anonymous') return;
    if (who === 'user') tokens.user = (await login(app)).token;
    else {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/user/login`,
        payload: { phone: DEMO_ADMIN.phone, password: DEMO_ADMIN.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      tokens.operator = res.json().data.token;
    }
    const sig = await app.inject({
      method: 'GET',
      url: `${API}/user/getUserSig`,
      headers: { token: tokens[who] as string },
    });
    bearers[who] = sig.json().data?.userSig;
  }

  function headersOf(c: Case): Record<string, string> {
    if (c.who === 'anonymous') return {};
    const headers: Record<string, string> = { token: tokens[c.who] as string };
    // The chat-provider REST API takes an IM credential as a bearer token.
    if (!c.op.path.startsWith(API) && bearers[c.who]) {
      headers.authorization = `Bearer ${bearers[c.who]}`;
    }
    return headers;
  }

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    await seedDemo(app.deps);
    await signIn('user');
    await signIn('operator');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it(
    'answers every hostile request below 500, in the envelope with a catalogue error',
    async () => {
      const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const ops = operations(spec);
      expect(ops.length).toBeGreaterThan(100);
      const cases = buildCases(ops);
      const failures: Failure[] = [];
      const started = Date.now();
      const spent = new Map<string, number>();
      for (const c of cases) {
        const sentAt = performance.now();
        const res = await app.inject(toRequest(c, headersOf(c)));
        const name = `${c.op.method} ${c.op.path}`;
        spent.set(name, (spent.get(name) ?? 0) + performance.now() - sentAt);
        const problem = envelopeProblem(
          c.op,
          res.statusCode,
          String(res.headers['content-type'] ?? ''),
          res.body,
        );
        if (problem) {
          failures.push({
            op: name,
            who: c.who,
            what: `${c.what} → ${problem}`,
            status: res.statusCode,
            answer: res.body.slice(0, 160),
          });
        }
        // A case that ended the session (logout, password change, kick): sign in again.
        if (c.who !== 'anonymous' && res.statusCode === 401) await signIn(c.who);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const slowest = [...spent]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([op, ms]) => `${op} ${(ms / 1000).toFixed(1)}s`);
      console.log(
        `fuzz: ${ops.length} operations, ${cases.length} requests in ${seconds}s (seed ${SEED}${FULL ? ', full' : ''}); slowest: ${slowest.join(', ')}`,
      );
      expect(failures.slice(0, 40), `seed ${SEED}: ${failures.length} bad answers`).toEqual([]);
    },
    FULL ? 3_600_000 : 240_000,
  );

  it('answers the reported cases with the field’s catalogue error', async () => {
    const ask = async (opts: InjectOptions) => {
      const res = await app.inject(opts);
      return { status: res.statusCode, error: res.json().error as string | undefined };
    };
    const admin = { token: tokens.operator as string };
    const user = { token: tokens.user as string };
    // Integers: Infinity and 1e309 coerced from text, and past the column's range.
    expect(await ask({ method: 'GET', url: `${API}/goods/list?pageNum=Infinity` })).toEqual({
      status: 400,
      error: 'PAGE_INVALID',
    });
    expect(await ask({ method: 'GET', url: `${API}/goods/detail?id=1e309` })).toEqual({
      status: 400,
      error: 'INVALID_PARAM',
    });
    for (const stock of ['Infinity', '1e309', 2 ** 31, -1, 1.5]) {
      expect(
        await ask({
          method: 'POST',
          url: `${API}/admin/sku/stock`,
          headers: admin,
          payload: { skuId: 1, stock },
        }),
        String(stock),
      ).toEqual({ status: 400, error: 'PRODUCT_INVALID' });
    }
    // An array where null | integer is asked: Ajv's array coercion passed it through (500 on PG).
    for (const l2Bp of [[1], [1, 2], [{}]]) {
      expect(
        await ask({
          method: 'POST',
          url: `${API}/admin/promotion/commissionRate`,
          headers: admin,
          payload: { productId: 1, l1Bp: null, l2Bp },
        }),
        JSON.stringify(l2Bp),
      ).toEqual({ status: 400, error: 'INVALID_PARAM' });
    }
    // Text: NUL and unpaired surrogates, as JSON and as a form.
    for (const orderNo of ['a\u0000b', '\ud800', 'x\udc00']) {
      expect(
        await ask({
          method: 'POST',
          url: `${API}/order/cancel`,
          headers: { ...user, 'content-type': 'application/json' },
          payload: JSON.stringify({ orderNo }),
        }),
      ).toEqual({ status: 404, error: 'ORDER_NOT_FOUND' });
    }
    expect(
      await ask({
        method: 'POST',
        url: `${API}/order/cancel`,
        headers: { ...user, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'orderNo=a%00b',
      }),
    ).toEqual({ status: 404, error: 'ORDER_NOT_FOUND' });
    // Multipart bodies without a boundary, with an unusable one, or cut short.
    for (const [url, field] of [
      [`${API}/common/multipleUploadLocal`, 'files'],
      [`${API}/common/localUploadVideo`, 'file'],
    ]) {
      for (const [type, payload] of [
        ['multipart/form-data', 'x'],
        [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
        [
          'multipart/form-data; boundary=XX',
          `--XX\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\nab`,
        ],
        [
          'multipart/form-data; boundary=XX',
          `--XX\r\nContent-Disposition: form-data; name="${field}"; filename="a\u0000.png"\r\n\r\nab\r\n--XX--\r\n`,
        ],
      ] as const) {
        expect(
          await ask({ method: 'POST', url, headers: { ...user, 'content-type': type }, payload }),
          `${url} ${type} ${JSON.stringify(payload)}`,
        ).toEqual({ status: 400, error: 'MULTIPART_INVALID' });
      }
    }
  });

  it('keeps junk out of the hot searches, and search/hot answers after it', async () => {
    // (A URL cannot carry an unpaired surrogate: its bytes decode to U+FFFD.)
    for (const keyword of ['a\u0000b', '\u0000', 'x'.repeat(31), '  ']) {
      const res = await app.inject({
        method: 'GET',
        url: `${API}/search/goods?keyword=${encode(keyword)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('KEYWORD_INVALID');
    }
    // Valid searches around the junk are counted (20 hits put it among the hot ones).
    for (let i = 0; i < 20; i++) {
      await app.inject({ method: 'GET', url: `${API}/search/goods?keyword=fuzzok` });
    }
    const hot = await app.inject({ method: 'GET', url: `${API}/search/hot` });
    expect(hot.statusCode).toBe(200);
    const words = hot.json().data as string[];
    expect(words).toContain('fuzzok');
    for (const w of words) {
      expect(isSafeText(w)).toBe(true);
      expect([...w].length).toBeLessThanOrEqual(30);
    }
  });
});
