import QRCode from 'qrcode';
import sharp from 'sharp';

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1100;
const IMAGE_SIZE = 750;
const QR_SIZE = 220;
const BRAND = '#FF0135';
const CHARS_PER_LINE = 12;

export interface PosterInput {
  /** The product image (any format sharp reads, SVG included); a grey block when missing. */
  image: Uint8Array | undefined;
  title: string;
  /** Fen. */
  price: number;
  /** What the QR code encodes: the absolute short link. */
  link: string;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** Fen as ¥12.90, in integer arithmetic. */
export function yuan(fen: number): string {
  return `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** At most two lines of the title, the second ending in … when cut. */
function titleLines(title: string): string[] {
  const chars = [...title];
  const first = chars.slice(0, CHARS_PER_LINE).join('');
  if (chars.length <= CHARS_PER_LINE) return [first];
  const rest = chars.slice(CHARS_PER_LINE);
  const second =
    rest.length > CHARS_PER_LINE ? `${rest.slice(0, CHARS_PER_LINE - 1).join('')}…` : rest.join('');
  return [first, second];
}

async function productImage(image: Uint8Array | undefined): Promise<Buffer> {
  if (image) {
    try {
      return await sharp(image).resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'cover' }).png().toBuffer();
    } catch {
      // An unreadable image still gives a poster, with a blank picture.
    }
  }
  return sharp({
    create: { width: IMAGE_SIZE, height: IMAGE_SIZE, channels: 3, background: '#eeeeee' },
  })
    .png()
    .toBuffer();
}

/** A 750×1100 PNG share poster: product image, title, price, and a QR code of the link. */
export async function renderPoster(input: PosterInput): Promise<Buffer> {
  const qr = await QRCode.toBuffer(input.link, { type: 'png', width: QR_SIZE, margin: 1 });
  // The text block sits under the image; its y values are relative to the block.
  const lines = titleLines(input.title)
    .map(
      (line, i) =>
        `<text x="40" y="${70 + i * 46}" font-size="34" fill="#333333">${escapeXml(line)}</text>`,
    )
    .join('');
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT - IMAGE_SIZE}">
      <style>text { font-family: 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif; }</style>
      ${lines}
      <text x="40" y="240" font-size="52" font-weight="bold" fill="${BRAND}">${escapeXml(yuan(input.price))}</text>
      <text x="${POSTER_WIDTH - 40 - QR_SIZE / 2}" y="325" font-size="22" fill="#999999" text-anchor="middle">长按识别二维码</text>
    </svg>`,
  );
  return sharp({
    create: { width: POSTER_WIDTH, height: POSTER_HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: await productImage(input.image), left: 0, top: 0 },
      { input: text, left: 0, top: IMAGE_SIZE },
      { input: qr, left: POSTER_WIDTH - 40 - QR_SIZE, top: IMAGE_SIZE + 20 },
    ])
    .png()
    .toBuffer();
}
