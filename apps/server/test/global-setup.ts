import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteDump } from '../src/platform/db.ts';
import { migrateToLatest } from '../src/platform/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated empty PGlite database (`dumpDataDir`), or '' in cluster mode. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run, a migrated empty PGlite database that every embedded test app loads (helpers.ts):
 * PGlite's initdb takes ~2 s and the migrations ~0.5 s, for each of some 300 test apps.
 */
export default async function setup(project: TestProject) {
  if (project.name !== 'server') {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'chaopin-pglite-'));
  const file = join(dir, 'migrated.tar');
  const dump = await pgliteDump((db) => migrateToLatest(db));
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
