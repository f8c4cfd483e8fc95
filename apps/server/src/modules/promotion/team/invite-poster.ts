import QRCode from 'qrcode';
import sharp from 'sharp';

const WIDTH = 750;
const HEIGHT = 1200;
const AVATAR = 140;
const QR_SIZE = 300;
const BRAND = '#FF0135';

export interface InvitePosterInput {
  /** The inviter's avatar (any format sharp reads); initials on a disc when missing. */
  avatar: Uint8Array | undefined;
  nickname: string;
  inviteCode: string;
  /** What the QR code holds: the app's registration link with the code. */
  link: string;
  /** The invitee's gift line, e.g. 注册即得 ¥5.00 红包. */
  gift: string;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

const FONT = `font-family="'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif"`;

async function roundAvatar(avatar: Uint8Array | undefined, nickname: string): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}"/></svg>`,
  );
  if (avatar) {
    try {
      return await sharp(avatar)
        .resize(AVATAR, AVATAR, { fit: 'cover' })
        .composite([{ input: mask, blend: 'dest-in' }])
        .png()
        .toBuffer();
    } catch {
      // An unreadable avatar still gives a poster, with the initial instead.
    }
  }
  const initial = escapeXml([...nickname][0] ?? '潮');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}">
        <circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}" fill="#ffe3e8"/>
        <text x="50%" y="58%" font-size="64" text-anchor="middle" fill="${BRAND}" ${FONT}>${initial}</text>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** A 750×1200 PNG invitation: avatar, name, the gift, the invite code and a QR of the link. */
export async function renderInvitePoster(input: InvitePosterInput): Promise<Buffer> {
  const qr = await QRCode.toBuffer(input.link, { type: 'png', width: QR_SIZE, margin: 1 });
  const name = escapeXml([...input.nickname].slice(0, 12).join(''));
  const art = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="#ff7a45"/>
      </linearGradient></defs>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
      <rect x="40" y="300" width="${WIDTH - 80}" height="840" rx="28" fill="#ffffff"/>
      <text x="50%" y="110" font-size="56" font-weight="bold" text-anchor="middle" fill="#ffffff" ${FONT}>潮品直播 · 邀请有礼</text>
      <text x="50%" y="180" font-size="32" text-anchor="middle" fill="#fff3f0" ${FONT}>${escapeXml(input.gift)}</text>
      <text x="50%" y="460" font-size="36" font-weight="bold" text-anchor="middle" fill="#333333" ${FONT}>${name}</text>
      <text x="50%" y="510" font-size="28" text-anchor="middle" fill="#999999" ${FONT}>邀请你一起边看直播边购物</text>
      <text x="50%" y="580" font-size="30" text-anchor="middle" fill="#666666" ${FONT}>我的邀请码</text>
      <text x="50%" y="640" font-size="52" font-weight="bold" letter-spacing="8" text-anchor="middle" fill="${BRAND}" ${FONT}>${escapeXml(input.inviteCode)}</text>
      <text x="50%" y="1100" font-size="26" text-anchor="middle" fill="#999999" ${FONT}>长按识别二维码，注册即绑定邀请关系</text>
    </svg>`,
  );
  return sharp(art)
    .composite([
      {
        input: await roundAvatar(input.avatar, input.nickname),
        left: (WIDTH - AVATAR) / 2,
        top: 230,
      },
      { input: qr, left: (WIDTH - QR_SIZE) / 2, top: 690 },
    ])
    .png()
    .toBuffer();
}
