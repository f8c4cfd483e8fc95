import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../../..');
const webDist = join(repo, 'apps/web/dist/index.html');
const consoleDist = join(repo, 'apps/console/dist/index.html');
const serverMain = join(repo, 'apps/server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

function buildIfMissing(file: string, workspace: string): void {
  if (existsSync(file)) return;
  console.log(`[e2e] ${file} missing: building ${workspace}`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repo, stdio: 'inherit' });
}

/**
 * The built server (serving the built web app and console) on a free port, embedded mode, its own data
 * directory; `env` adds settings (a test that needs, say, short-lived chat credentials).
 */
export async function startServer(
  env: Record<string, string> = {},
): Promise<{ baseURL: string; stop(): Promise<void> }> {
  buildIfMissing(webDist, '@chaopin/web');
  buildIfMissing(consoleDist, '@chaopin/console');
  buildIfMissing(serverMain, '@chaopin/server');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-e2e-'));
  // Embedded mode only: a developer's DATABASE_URL/REDIS_URL must not leak into the test server.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverMain], {
    cwd: repo,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
