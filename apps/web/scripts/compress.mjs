// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/,
// at the highest levels (done once per build, so the server never compresses a static file: it
// sends the copy the browser accepts, see apps/server/src/platform/http-plugins.ts).
// A copy is kept only when it saves at least 5 % (tiny files stay as they are).
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 256;
const MIN_SAVING = 0.05;

/** Every file under dir (recursively), as absolute paths. */
async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

export async function compressDir(dir) {
  const files = (await filesUnder(dir)).filter(
    (f) => COMPRESSIBLE.test(f) && !f.includes(`${join(dir, '.vite')}`),
  );
  let raw = 0;
  let br = 0;
  let gzipped = 0;
  await Promise.all(
    files.map(async (file) => {
      await rm(`${file}.br`, { force: true });
      await rm(`${file}.gz`, { force: true });
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [b, g] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const worth = (c) => c.length <= bytes.length * (1 - MIN_SAVING);
      if (worth(b)) await writeFile(`${file}.br`, b);
      if (worth(g)) await writeFile(`${file}.gz`, g);
      raw += bytes.length;
      br += worth(b) ? b.length : bytes.length;
      gzipped += worth(g) ? g.length : bytes.length;
    }),
  );
  return { files: files.length, raw, br, gzipped };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const started = Date.now();
  const r = await compressDir(dist);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `compress: ${r.files} files in ${relative(process.cwd(), dist) || '.'}: ${kb(r.raw)} → brotli ${kb(r.br)}, gzip ${kb(r.gzipped)} (${Date.now() - started} ms)`,
  );
}
