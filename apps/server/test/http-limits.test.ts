// Requests that Node's HTTP parser or Fastify's router refuse before any route runs still answer
// in the envelope: over-long URLs and headers (431), malformed request lines and framing (400),
// paths that are not valid UTF-8 or whose parameter is over-long. Sent over a real socket, since
// inject() bypasses the parser.

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends raw bytes and reads the answer until the server closes (or `ms` passes). */
function raw(
  request: string,
  ms = 10_000,
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on('data', (d) => {
      chunks.push(d);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, split));
      // A keep-alive answer is complete once its body is in.
      if (split >= 0 && length && Buffer.byteLength(text.slice(split + 4)) >= Number(length[1])) {
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({
        status: Number(text.slice(9, 12)),
        head: text.slice(0, split),
        body: text.slice(split + 4),
      });
    });
    socket.write(request);
  });
}

function expectEnvelope(
  answer: { status: number; head: string; body: string },
  status: number,
  error: string,
) {
  expect(answer.status, answer.head).toBe(status);
  expect(answer.head).toMatch(/content-type: application\/json/i);
  expect(JSON.parse(answer.body)).toEqual({
    code: status,
    msg: expect.any(String),
    error,
    data: null,
  });
}

describe('requests refused before any route', () => {
  it('answers a 1 MB query string with 431 in the envelope', async () => {
    const url = `${API}/goods/list?keyword=${'a'.repeat(1024 * 1024)}`;
    const answer = await raw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers an oversized header block with 431, and a short one normally', async () => {
    const cookie = `cookie: a=${'b'.repeat(20_000)}\r\n`;
    expectEnvelope(
      await raw(`GET /healthz HTTP/1.1\r\nHost: localhost\r\n${cookie}\r\n`),
      431,
      'HEADERS_TOO_LARGE',
    );
    const fine = await raw(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(fine.status).toBe(200);
  });

  it('answers a malformed request line or framing with 400 in the envelope', async () => {
    expectEnvelope(await raw('GARBAGE\r\n\r\n'), 400, 'BAD_REQUEST');
    expectEnvelope(await raw('GET / HTTP/9.9\r\nHost: x\r\n\r\n'), 400, 'BAD_REQUEST');
    expectEnvelope(
      await raw(
        `POST ${API}/user/sms/send HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      ),
      400,
      'BAD_REQUEST',
    );
    expectEnvelope(
      await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n`),
      400,
      'BAD_REQUEST',
    );
  });

  it('answers a path that is not UTF-8, or an over-long path parameter, in the envelope', async () => {
    expectEnvelope(
      await raw(
        `GET /%ED%A0%80/app/chatgroups/g1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      ),
      400,
      'BAD_REQUEST',
    );
    expectEnvelope(
      await raw(
        `POST /org/${'a'.repeat(500)}/token HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ),
      414,
      'URL_TOO_LONG',
    );
  });
});
