import type { Ink } from './colour.ts';

/** Baby food, nappies and toys, 200×200, resting on y≈184; `k.b` is the main colour. */
export const BABY = {
  formula: (k: Ink) =>
    `<rect x="52" y="64" width="96" height="118" rx="12" fill="${k.b}"/>` +
    `<rect x="48" y="48" width="104" height="24" rx="8" fill="${k.s}"/>` +
    `<rect x="52" y="96" width="96" height="54" fill="#fff" opacity=".94"/>` +
    `<rect x="92" y="104" width="16" height="36" rx="6" fill="${k.a}"/><path d="M94 104q6-14 12 0z" fill="#f6d7a0"/>` +
    `<path d="M84 116h8M84 126h8M108 116h8M108 126h8" stroke="${k.a}" stroke-width="3" opacity=".6"/>` +
    `<rect x="58" y="70" width="6" height="104" rx="3" fill="#fff" opacity=".35"/>` +
    `<ellipse cx="166" cy="176" rx="16" ry="8" fill="#fbfaf7"/><path d="M152 174l-26-10" stroke="#fbfaf7" stroke-width="6" stroke-linecap="round"/>`,

  'puree-pouch': (k: Ink) =>
    `<rect x="84" y="18" width="32" height="24" rx="6" fill="${k.a}"/>` +
    `<rect x="90" y="40" width="20" height="16" fill="#e9ecef"/>` +
    `<path d="M62 56h76q8 0 9 8l9 108q1 10-9 10H53q-10 0-9-10l9-108q1-8 9-8z" fill="${k.b}"/>` +
    `<circle cx="100" cy="124" r="26" fill="#fff" opacity=".92"/>` +
    `<path d="M100 104c-14-8-26 4-22 18 4 16 18 22 22 18 4 4 18-2 22-18 4-14-8-26-22-18z" fill="#e5433f"/>` +
    `<path d="M100 104q2-8 8-10" stroke="#6b4423" stroke-width="3" fill="none"/>` +
    `<path d="M60 66l-6 100" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".35"/>`,

  diaper: (k: Ink) =>
    `<path d="M34 60h132q8 0 5 8l-19 44q-16 36-20 70H68q-4-34-20-70L29 68q-3-8 5-8z" fill="#fbfcff"/>` +
    `<rect x="34" y="60" width="132" height="18" rx="6" fill="${k.b}"/>` +
    `<rect x="20" y="62" width="22" height="24" rx="6" fill="${k.a}"/><rect x="158" y="62" width="22" height="24" rx="6" fill="${k.a}"/>` +
    `<path d="M52 106q20 20 26 74M148 106q-20 20-26 74" stroke="${k.l}" stroke-width="5" fill="none"/>` +
    `<path d="M100 110l5 10 11 2-8 7 2 11-10-5-10 5 2-11-8-7 11-2z" fill="${k.b}"/>` +
    `<circle cx="76" cy="96" r="4" fill="${k.l}"/><circle cx="124" cy="96" r="4" fill="${k.l}"/><circle cx="100" cy="154" r="4" fill="${k.l}"/>`,

  wipes: (k: Ink) =>
    `<rect x="26" y="72" width="148" height="108" rx="28" fill="${k.b}"/>` +
    `<path d="M36 160q64 20 128 0" stroke="${k.s}" stroke-width="4" fill="none"/>` +
    `<rect x="60" y="84" width="80" height="44" rx="16" fill="${k.d}"/>` +
    `<path d="M80 104q10-28 24-10 14-18 18 10z" fill="#fff"/>` +
    `<path d="M100 136q-12 16-6 24 6 6 12 0 6-8-6-24z" fill="#fff" opacity=".9"/>` +
    `<path d="M120 150q10-14 22-10-6 12-22 10z" fill="${k.a}"/>`,

  teddy: (k: Ink) =>
    `<circle cx="62" cy="42" r="18" fill="${k.b}"/><circle cx="138" cy="42" r="18" fill="${k.b}"/>` +
    `<circle cx="62" cy="42" r="9" fill="${k.l}"/><circle cx="138" cy="42" r="9" fill="${k.l}"/>` +
    `<ellipse cx="100" cy="140" rx="44" ry="42" fill="${k.b}"/>` +
    `<ellipse cx="100" cy="146" rx="26" ry="26" fill="${k.l}"/>` +
    `<ellipse cx="52" cy="128" rx="14" ry="22" fill="${k.b}" transform="rotate(30 52 128)"/><ellipse cx="148" cy="128" rx="14" ry="22" fill="${k.b}" transform="rotate(-30 148 128)"/>` +
    `<ellipse cx="70" cy="176" rx="20" ry="12" fill="${k.b}"/><ellipse cx="130" cy="176" rx="20" ry="12" fill="${k.b}"/>` +
    `<circle cx="100" cy="70" r="40" fill="${k.b}"/>` +
    `<ellipse cx="100" cy="84" rx="16" ry="12" fill="${k.l}"/>` +
    `<circle cx="86" cy="64" r="4.5" fill="#2b2d33"/><circle cx="114" cy="64" r="4.5" fill="#2b2d33"/>` +
    `<ellipse cx="100" cy="79" rx="5" ry="4" fill="#2b2d33"/>` +
    `<path d="M86 106q14 10 28 0l-6 10-8-4-8 4z" fill="${k.a}"/>`,

  blocks: (k: Ink) =>
    `<rect x="26" y="130" width="48" height="52" rx="4" fill="${k.b}"/><path d="M26 130l8-8h48l-8 8z" fill="${k.l}"/><path d="M74 130l8-8v52l-8 8z" fill="${k.s}"/>` +
    `<rect x="82" y="130" width="48" height="52" rx="4" fill="#f7b733"/><path d="M82 130l8-8h48l-8 8z" fill="#fbd776"/>` +
    `<rect x="136" y="130" width="44" height="52" rx="4" fill="#4fc1a6"/>` +
    `<rect x="52" y="76" width="48" height="48" rx="4" fill="${k.a}"/><path d="M52 76l8-8h48l-8 8z" fill="#fff" opacity=".4"/>` +
    `<rect x="108" y="76" width="48" height="48" rx="4" fill="#5aa9e6"/>` +
    `<rect x="80" y="24" width="48" height="46" rx="4" fill="#f28ab2"/>` +
    `<circle cx="50" cy="156" r="12" fill="#fff" opacity=".85"/><path d="M106 144l12 22H94z" fill="#fff" opacity=".85"/>` +
    `<rect x="146" y="144" width="24" height="24" rx="3" fill="#fff" opacity=".85"/><circle cx="76" cy="100" r="11" fill="#fff" opacity=".85"/>` +
    `<path d="M132 88l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="#fff" opacity=".85"/><path d="M104 36q-12 10 0 24 12-14 0-24z" fill="#fff" opacity=".85"/>`,

  puzzle: (k: Ink) =>
    `<g stroke="#fff" stroke-width="2"><rect x="30" y="70" width="50" height="50" fill="${k.b}"/><rect x="80" y="70" width="50" height="50" fill="#f7b733"/>` +
    `<rect x="30" y="120" width="50" height="50" fill="#5aa9e6"/><rect x="80" y="120" width="50" height="50" fill="${k.a}"/>` +
    `<g transform="rotate(18 160 100)"><rect x="140" y="80" width="40" height="40" fill="#4fc1a6"/></g></g>` +
    `<circle cx="80" cy="95" r="10" fill="${k.b}"/><circle cx="105" cy="120" r="10" fill="#f7b733"/><circle cx="80" cy="145" r="10" fill="#5aa9e6"/><circle cx="55" cy="120" r="10" fill="${k.b}"/>` +
    `<circle cx="140" cy="100" r="8" fill="#4fc1a6" transform="rotate(18 160 100)"/>`,

  'toy-car': (k: Ink) =>
    `<path d="M150 84l16-50" stroke="#6b7280" stroke-width="3"/><circle cx="166" cy="32" r="6" fill="${k.a}"/>` +
    `<path d="M24 146q0-24 24-28l22-26q8-8 20-8h34q12 0 20 10l16 24q22 4 22 26v14H24z" fill="${k.b}"/>` +
    `<path d="M76 96h20v24H58zM104 96h20q6 0 10 6l12 18h-42z" fill="#d6ecff"/>` +
    `<path d="M24 150h152" stroke="${k.s}" stroke-width="6"/>` +
    `<circle cx="62" cy="162" r="20" fill="#2e3038"/><circle cx="62" cy="162" r="8" fill="#d5dae0"/>` +
    `<circle cx="142" cy="162" r="20" fill="#2e3038"/><circle cx="142" cy="162" r="8" fill="#d5dae0"/>` +
    `<rect x="164" y="128" width="12" height="8" rx="3" fill="#ffd54f"/>`,
};
