/**
 * The web client's types (packages/core/src/api/schema.d.ts) are generated from this server's
 * OpenAPI document; a route or schema changed without regenerating them fails here, in CI.
 */
import { readFile } from 'node:fs/promises';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCHEMA_FILE, schemaTypes } from '../../../scripts/api-gen.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

it('the checked-in API types match the server (else: run npm run api:gen)', async () => {
  const generated = await schemaTypes(t.app.swagger() as OpenAPI3);
  const checkedIn = await readFile(SCHEMA_FILE, 'utf8').catch(() => '');
  if (generated !== checkedIn) {
    expect.fail(
      `${SCHEMA_FILE} differs from the server's OpenAPI document: run npm run api:gen and commit it`,
    );
  }
});

it('a planted drift (one route gone from the document) is caught', async () => {
  const document = structuredClone(t.app.swagger()) as OpenAPI3;
  const paths = document.paths ?? {};
  delete paths[Object.keys(paths)[0] ?? ''];
  const checkedIn = await readFile(SCHEMA_FILE, 'utf8');
  expect(await schemaTypes(document)).not.toBe(checkedIn);
});
