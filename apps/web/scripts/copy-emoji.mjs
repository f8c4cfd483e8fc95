// Copies the chat panel's 120 emoji images (Twemoji, CC-BY 4.0, from the @twemoji/svg package)
// into public/emoji/ee_N.svg, in the order of src/core/chat/emoji-table.ts. Runs before every
// build and dev server, so nothing is fetched at run time and no generated file is committed.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const table = await readFile(join(here, '../src/core/chat/emoji-table.ts'), 'utf8');
const codePoints = [...table.matchAll(/\['[^']+', '([0-9a-f-]+)'\]/g)].map((m) => m[1]);
if (codePoints.length !== 120)
  throw new Error(`emoji table has ${codePoints.length} entries, not 120`);

const svgDir = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const out = join(here, '../public/emoji');
await mkdir(out, { recursive: true });
await Promise.all(
  codePoints.map((cp, i) => copyFile(join(svgDir, `${cp}.svg`), join(out, `ee_${i + 1}.svg`))),
);
await writeFile(
  join(out, 'LICENSE.txt'),
  'Emoji graphics: Twemoji by Twitter, Inc and other contributors, CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/), via the @twemoji/svg npm package.\n',
);
console.log(`emoji: ${codePoints.length} images in public/emoji`);
