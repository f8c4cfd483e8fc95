import type { Ink } from './colour.ts';

const WOOD = '#c99a66';
const WOOD_DARK = '#a97b4b';

/** Bedding, storage, kitchen and cleaning, 200×200, resting on y≈184; `k.b` is the main colour. */
export const HOME = {
  bedding: (k: Ink) =>
    `<rect x="22" y="52" width="156" height="80" rx="14" fill="${WOOD}"/>` +
    `<rect x="32" y="62" width="136" height="30" rx="8" fill="${WOOD_DARK}" opacity=".4"/>` +
    `<rect x="34" y="90" width="58" height="30" rx="12" fill="#fbfaf7"/><rect x="108" y="90" width="58" height="30" rx="12" fill="#fbfaf7"/>` +
    `<rect x="18" y="112" width="164" height="58" rx="10" fill="${k.b}"/>` +
    `<rect x="18" y="112" width="164" height="16" rx="8" fill="${k.l}"/>` +
    `<path d="M40 146h16M76 146h16M112 146h16M148 146h16M58 160h16M94 160h16M130 160h16" stroke="${k.s}" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="26" y="168" width="12" height="16" rx="2" fill="${WOOD_DARK}"/><rect x="162" y="168" width="12" height="16" rx="2" fill="${WOOD_DARK}"/>`,

  pillow: (k: Ink) =>
    `<ellipse cx="100" cy="176" rx="74" ry="8" fill="${k.s}" opacity=".4"/>` +
    `<path d="M28 84q0-22 22-20 50 8 100 0 22-2 22 20v62q0 22-22 20-50-8-100 0-22 2-22-20z" fill="${k.b}"/>` +
    `<path d="M40 92q60 12 120 0M40 112q60 12 120 0M40 132q60 12 120 0" stroke="${k.s}" stroke-width="4" fill="none" opacity=".6"/>` +
    `<g fill="${k.l}"><circle cx="60" cy="100" r="4"/><circle cx="84" cy="103" r="4"/><circle cx="108" cy="104" r="4"/><circle cx="132" cy="102" r="4"/><circle cx="72" cy="122" r="4"/><circle cx="96" cy="124" r="4"/><circle cx="120" cy="124" r="4"/><circle cx="144" cy="121" r="4"/></g>` +
    `<rect x="136" y="146" width="22" height="12" rx="3" fill="${k.a}"/>`,

  'storage-box': (k: Ink) =>
    `<path d="M36 86h128l-6 90q-1 8-9 8H51q-8 0-9-8z" fill="${k.b}" opacity=".55"/>` +
    `<rect x="50" y="120" width="100" height="26" rx="4" fill="${k.a}" opacity=".8"/><rect x="56" y="144" width="88" height="30" rx="4" fill="${k.l}"/>` +
    `<path d="M36 86h128l-6 90q-1 8-9 8H51q-8 0-9-8z" fill="none" stroke="${k.s}" stroke-width="4"/>` +
    `<rect x="28" y="66" width="144" height="24" rx="6" fill="${k.s}"/>` +
    `<rect x="82" y="96" width="36" height="10" rx="5" fill="${k.d}"/>` +
    `<path d="M44 96v70" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".5"/>`,

  hanger: (k: Ink) =>
    `<path d="M100 68V56q0-10 10-12 12-2 12-14 0-12-12-12t-12 12" stroke="#9aa3ad" stroke-width="5" stroke-linecap="round" fill="none"/>` +
    `<path d="M100 86l-58 56h116z" fill="none" stroke="${k.s}" stroke-width="10" stroke-linejoin="round" transform="translate(10 14)"/>` +
    `<path d="M100 68l-70 66q-6 8 4 8h132q10 0 4-8z" fill="none" stroke="${k.b}" stroke-width="10" stroke-linejoin="round"/>` +
    `<circle cx="100" cy="68" r="7" fill="${k.a}"/>`,

  shelf: (k: Ink) =>
    `<rect x="30" y="40" width="10" height="144" rx="3" fill="${k.s}"/><rect x="160" y="40" width="10" height="144" rx="3" fill="${k.s}"/>` +
    `<rect x="24" y="96" width="152" height="10" rx="3" fill="${k.b}"/><rect x="24" y="164" width="152" height="10" rx="3" fill="${k.b}"/>` +
    `<rect x="48" y="54" width="14" height="42" rx="2" fill="${k.a}"/><rect x="64" y="60" width="12" height="36" rx="2" fill="#5aa9e6"/><rect x="78" y="50" width="14" height="46" rx="2" fill="#f7b733"/>` +
    `<path d="M124 96h28l-4-22h-20z" fill="#e9a15b"/><path d="M138 74q-14-22 0-32 14 10 0 32zM138 74q-20-4-22-18 16-2 22 18zM138 74q20-4 22-18-16-2-22 18z" fill="#4caf50"/>` +
    `<rect x="52" y="130" width="30" height="34" rx="5" fill="#fbfaf7"/><path d="M82 138q12 0 10 12-2 8-10 8" stroke="#fbfaf7" stroke-width="5" fill="none"/>` +
    `<rect x="110" y="140" width="44" height="24" rx="4" fill="${k.l}"/>`,

  pan: (k: Ink) =>
    `<path d="M148 118l44-12" stroke="${k.d}" stroke-width="14" stroke-linecap="round"/>` +
    `<ellipse cx="82" cy="130" rx="70" ry="40" fill="${k.s}"/>` +
    `<ellipse cx="82" cy="122" rx="70" ry="40" fill="${k.b}"/>` +
    `<ellipse cx="82" cy="122" rx="58" ry="31" fill="#2f333d"/>` +
    `<path d="M82 108q26-16 38 6 8 20-24 22-30 2-32-12-2-12 18-16z" fill="#fff"/>` +
    `<circle cx="90" cy="118" r="10" fill="#ffb627"/>` +
    `<path d="M38 114q14-16 40-20" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".25" fill="none"/>`,

  thermos: (k: Ink) =>
    `<rect x="70" y="24" width="60" height="40" rx="12" fill="${k.d}"/>` +
    `<path d="M70 50h60" stroke="${k.b}" stroke-width="3" opacity=".6"/>` +
    `<rect x="68" y="60" width="64" height="124" rx="20" fill="${k.b}"/>` +
    `<rect x="68" y="60" width="64" height="8" fill="#d5dae0"/>` +
    `<rect x="68" y="124" width="64" height="20" fill="${k.a}"/>` +
    `<rect x="76" y="74" width="8" height="96" rx="4" fill="#fff" opacity=".4"/>`,

  'knife-block': (k: Ink) =>
    `<rect x="62" y="36" width="14" height="34" rx="4" fill="${k.d}" transform="rotate(-12 69 60)"/>` +
    `<rect x="84" y="30" width="14" height="34" rx="4" fill="${k.d}" transform="rotate(-12 91 54)"/>` +
    `<rect x="106" y="26" width="14" height="34" rx="4" fill="${k.d}" transform="rotate(-12 113 50)"/>` +
    `<path d="M54 74l84-18 26 126H48z" fill="${WOOD}"/>` +
    `<path d="M64 76l66-14" stroke="${WOOD_DARK}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M20 176l70-24q14-4 12 8l-4 4z" fill="#dfe4ea"/><rect x="100" y="150" width="48" height="14" rx="6" fill="${k.b}" transform="rotate(-18 124 157)"/>`,

  'food-box': (k: Ink) =>
    `<rect x="32" y="100" width="136" height="80" rx="14" fill="#d7eef7" opacity=".9"/>` +
    `<circle cx="62" cy="138" r="14" fill="#ff8a65"/><circle cx="92" cy="146" r="16" fill="#81c784"/><circle cx="122" cy="136" r="12" fill="#ffd54f"/><circle cx="146" cy="150" r="12" fill="#e57373"/>` +
    `<path d="M40 162h120" stroke="#fff" stroke-width="4" opacity=".6"/>` +
    `<rect x="28" y="86" width="144" height="20" rx="8" fill="${k.b}"/>` +
    `<rect x="20" y="90" width="16" height="26" rx="4" fill="${k.s}"/><rect x="164" y="90" width="16" height="26" rx="4" fill="${k.s}"/>` +
    `<rect x="84" y="90" width="32" height="6" rx="3" fill="${k.l}"/>`,

  detergent: (k: Ink) =>
    `<path d="M46 70h108l-8 106q-1 8-9 8H63q-8 0-9-8z" fill="${k.b}"/>` +
    `<rect x="40" y="54" width="120" height="22" rx="6" fill="${k.s}"/>` +
    `<rect x="62" y="96" width="76" height="50" rx="8" fill="#fff" opacity=".92"/>` +
    `<circle cx="86" cy="121" r="12" fill="#6ec6ff"/><circle cx="100" cy="116" r="10" fill="#7ee08a"/><circle cx="112" cy="124" r="11" fill="#b48cf2"/>` +
    `<g transform="translate(150 168)"><rect x="-18" y="-14" width="36" height="28" rx="12" fill="#6ec6ff"/><path d="M-10 0q10-12 20 0" stroke="#b48cf2" stroke-width="5" fill="none"/></g>`,

  tissue: (k: Ink) =>
    `<path d="M76 82q4-40 20-24 8-30 28 24z" fill="#fff"/>` +
    `<path d="M96 58q6 10 4 24" stroke="#e3e6ea" stroke-width="2" fill="none"/>` +
    `<rect x="26" y="80" width="148" height="100" rx="10" fill="${k.b}"/>` +
    `<rect x="62" y="78" width="76" height="12" rx="6" fill="${k.s}"/>` +
    `<path d="M52 140q10-24 28-20-4 20-28 20zM122 152q14-20 30-12-8 18-30 12z" fill="${k.a}" opacity=".85"/>` +
    `<circle cx="104" cy="130" r="8" fill="${k.l}"/>`,

  mop: (k: Ink) =>
    `<rect x="94" y="12" width="10" height="144" rx="5" fill="${k.b}" transform="rotate(8 99 84)"/>` +
    `<rect x="92" y="12" width="14" height="26" rx="6" fill="${k.d}" transform="rotate(8 99 84)"/>` +
    `<circle cx="88" cy="154" r="9" fill="${k.d}"/>` +
    `<rect x="34" y="154" width="120" height="16" rx="6" fill="${k.d}"/>` +
    `<rect x="30" y="168" width="128" height="14" rx="5" fill="${k.l}"/>` +
    `<path d="M38 182v4M50 182v4M62 182v4M74 182v4M86 182v4M98 182v4M110 182v4M122 182v4M134 182v4M146 182v4" stroke="${k.l}" stroke-width="4"/>` +
    `<circle cx="168" cy="150" r="5" fill="#9fd8ff"/><circle cx="178" cy="164" r="3.5" fill="#9fd8ff"/>`,
};
