// Renders the PWA PNG icons from public/icon.svg with sharp (installed at the repo root).
// The PNGs are committed; run `npm run icons -w @chaopin/web` after changing the SVG.
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';

const svg = await readFile(new URL('../public/icon.svg', import.meta.url));
const out = new URL('../public/icons/', import.meta.url);
await mkdir(out, { recursive: true });

for (const size of [192, 512]) {
  await sharp(svg, { density: 384 })
    .resize(size, size)
    .png()
    .toFile(new URL(`icon-${size}.png`, out).pathname);
}
// Maskable: the artwork inside the 80% safe zone on a full-bleed brand background.
const inner = await sharp(svg, { density: 384 }).resize(410, 410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#FF0135' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(new URL('icon-maskable-512.png', out).pathname);
await sharp(svg, { density: 384 })
  .resize(180, 180)
  .png()
  .toFile(new URL('apple-touch-icon.png', out).pathname);
console.log('icons written to public/icons/');
