import type { Ink } from './colour.ts';

/** Shoes, fitness gear and camping, 200×200, resting on y≈184; `k.b` is the main colour. */
export const SPORT = {
  sneaker: (k: Ink) =>
    `<path d="M24 148q-6-38 16-48l30-30q8-8 20-4l14 6q8 20 26 36 38 10 54 24 8 10 4 16z" fill="${k.b}"/>` +
    `<path d="M70 70q8-8 20-4l14 6q-8 8-18 6-10 0-16-8z" fill="${k.d}"/>` +
    `<path d="M98 72l12-10q8-2 8 6l-4 22z" fill="${k.s}"/>` +
    `<path d="M104 84l10-6M110 94l10-6M118 104l10-6" stroke="#fff" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M48 132q50-34 104-10" stroke="${k.a}" stroke-width="8" stroke-linecap="round" fill="none"/>` +
    `<rect x="24" y="104" width="12" height="36" rx="4" fill="${k.a}"/>` +
    `<path d="M16 146h174q4 18-12 24H30q-16-2-14-24z" fill="#fbfbf9"/>` +
    `<path d="M22 160h164" stroke="${k.s}" stroke-width="4"/>`,

  dumbbell: (k: Ink) =>
    `<rect x="50" y="94" width="100" height="14" rx="4" fill="#9aa3ad"/>` +
    `<path d="M80 96v10M88 96v10M96 96v10M104 96v10M112 96v10M120 96v10" stroke="#7b8490" stroke-width="2"/>` +
    `<rect x="22" y="60" width="20" height="82" rx="7" fill="${k.b}"/><rect x="40" y="68" width="16" height="66" rx="6" fill="${k.s}"/>` +
    `<rect x="158" y="60" width="20" height="82" rx="7" fill="${k.b}"/><rect x="144" y="68" width="16" height="66" rx="6" fill="${k.s}"/>` +
    `<rect x="26" y="66" width="5" height="50" rx="2.5" fill="#fff" opacity=".4"/><rect x="162" y="66" width="5" height="50" rx="2.5" fill="#fff" opacity=".4"/>` +
    `<ellipse cx="100" cy="170" rx="70" ry="8" fill="${k.a}" opacity=".25"/>`,

  'yoga-mat': (k: Ink) =>
    `<path d="M60 150h126l-14 30H46z" fill="${k.l}"/>` +
    `<rect x="60" y="86" width="110" height="66" fill="${k.b}"/>` +
    `<ellipse cx="170" cy="119" rx="18" ry="33" fill="${k.s}"/>` +
    `<ellipse cx="60" cy="119" rx="18" ry="33" fill="${k.s}"/>` +
    `<path d="M60 119m-4 0a4 4 0 1 1 8 0 8 8 0 1 1-16 0 12 12 0 1 1 24 0 16 16 0 1 1-32 0" stroke="${k.d}" stroke-width="2.5" fill="none"/>` +
    `<rect x="88" y="84" width="12" height="70" fill="${k.a}"/><rect x="132" y="84" width="12" height="70" fill="${k.a}"/>`,

  'jump-rope': (k: Ink) =>
    `<path d="M56 70C10 220 190 220 144 70" stroke="${k.d}" stroke-width="4" fill="none"/>` +
    `<g transform="rotate(-16 52 46)"><rect x="42" y="14" width="20" height="62" rx="10" fill="${k.b}"/><path d="M44 30h16M44 40h16M44 50h16" stroke="${k.s}" stroke-width="3"/><rect x="46" y="72" width="12" height="8" rx="2" fill="${k.a}"/></g>` +
    `<g transform="rotate(16 148 46)"><rect x="138" y="14" width="20" height="62" rx="10" fill="${k.b}"/><path d="M140 30h16M140 40h16M140 50h16" stroke="${k.s}" stroke-width="3"/><rect x="142" y="72" width="12" height="8" rx="2" fill="${k.a}"/></g>`,

  'massage-gun': (k: Ink) =>
    `<rect x="16" y="56" width="26" height="32" rx="4" fill="#d5dae0"/><circle cx="18" cy="72" r="16" fill="${k.d}"/>` +
    `<rect x="38" y="44" width="130" height="56" rx="28" fill="${k.b}"/>` +
    `<path d="M150 58v28M158 60v24" stroke="${k.s}" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M104 96h38l10 72q1 12-11 12h-22q-10 0-12-10z" fill="${k.d}"/>` +
    `<path d="M114 112l4 52" stroke="${k.b}" stroke-width="3" stroke-dasharray="6 5"/>` +
    `<circle cx="100" cy="72" r="7" fill="${k.a}"/>` +
    `<rect x="54" y="52" width="40" height="6" rx="3" fill="#fff" opacity=".4"/>`,

  tent: (k: Ink) =>
    `<path d="M100 36l84 146H16z" fill="${k.b}"/>` +
    `<path d="M100 36l84 146h-30z" fill="${k.s}"/>` +
    `<path d="M100 84l34 98H66z" fill="${k.d}"/>` +
    `<path d="M100 84l-34 98h18z" fill="${k.l}"/>` +
    `<path d="M100 36V20" stroke="#6b7280" stroke-width="3"/><path d="M100 20l18 6-18 6z" fill="${k.a}"/>` +
    `<path d="M16 182l-8 4M184 182l8 4" stroke="#6b7280" stroke-width="3" stroke-linecap="round"/>`,

  backpack: (k: Ink) =>
    `<path d="M82 36q0-18 18-18t18 18" stroke="${k.d}" stroke-width="6" fill="none"/>` +
    `<rect x="50" y="36" width="100" height="146" rx="30" fill="${k.b}"/>` +
    `<path d="M50 74q0-38 50-38t50 38v6H50z" fill="${k.s}"/>` +
    `<rect x="90" y="70" width="20" height="18" rx="3" fill="${k.a}"/>` +
    `<rect x="64" y="110" width="72" height="56" rx="14" fill="${k.s}"/>` +
    `<path d="M70 124h60" stroke="${k.d}" stroke-width="3"/>` +
    `<path d="M54 100h-10v60h10M146 100h10v60h-10" stroke="${k.d}" stroke-width="5" fill="none"/>`,

  'camp-chair': (k: Ink) =>
    `<path d="M52 120l96 62M148 120l-96 62" stroke="#5b6470" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M58 40h84l8 80H50z" fill="${k.b}"/>` +
    `<path d="M46 112h108l-10 22H56z" fill="${k.s}"/>` +
    `<path d="M58 40l-8 80M142 40l8 80" stroke="#5b6470" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M36 96h26M138 96h26" stroke="#5b6470" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M70 62h60" stroke="${k.a}" stroke-width="6"/>` +
    `<rect x="160" y="84" width="16" height="20" rx="3" fill="${k.a}"/>`,

  'water-bottle': (k: Ink) =>
    `<circle cx="100" cy="22" r="12" fill="none" stroke="${k.d}" stroke-width="5"/>` +
    `<rect x="78" y="30" width="44" height="28" rx="8" fill="${k.d}"/>` +
    `<rect x="68" y="56" width="64" height="126" rx="18" fill="${k.l}" opacity=".85"/>` +
    `<path d="M68 96h64v68q0 18-18 18H86q-18 0-18-18z" fill="${k.b}"/>` +
    `<rect x="68" y="112" width="64" height="26" fill="${k.a}"/>` +
    `<path d="M72 84h10M72 100h10" stroke="${k.d}" stroke-width="3"/>` +
    `<rect x="118" y="64" width="6" height="100" rx="3" fill="#fff" opacity=".45"/>`,
};
