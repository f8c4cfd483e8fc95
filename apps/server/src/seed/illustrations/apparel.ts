import type { Ink } from './colour.ts';

/**
 * Clothing, laid flat and seen from the front. Every drawing fills a 200×200 box and rests on
 * y≈184; `k.b` is the garment's colour.
 */
export const APPAREL = {
  dress: (k: Ink) =>
    `<path d="M76 24l16-4q8 14 16 0l16 4-4 28-4 26 40 96q-56 14-112 0l40-96-4-26z" fill="${k.b}"/>` +
    `<path d="M92 84l-16 90M108 84l16 90M100 84v94" stroke="${k.s}" stroke-width="3" fill="none"/>` +
    `<rect x="82" y="72" width="36" height="10" rx="4" fill="${k.d}"/>` +
    `<circle cx="100" cy="77" r="4" fill="${k.a}"/>` +
    `<path d="M80 30q4 20 2 40" stroke="${k.l}" stroke-width="5" stroke-linecap="round" fill="none"/>`,

  'slip-dress': (k: Ink) =>
    `<path d="M84 12l2 32M116 12l-2 32" stroke="${k.d}" stroke-width="3"/>` +
    `<path d="M82 40q18 12 36 0l-2 40 36 96q-52 14-104 0l36-96z" fill="${k.b}"/>` +
    `<path d="M82 40q18 12 36 0" stroke="${k.l}" stroke-width="6" fill="none"/>` +
    `<path d="M90 84q-10 46-24 90M110 84q10 46 24 90" stroke="${k.s}" stroke-width="3" fill="none"/>` +
    `<path d="M52 172q48 16 96 0" stroke="${k.d}" stroke-width="4" stroke-dasharray="4 6" fill="none"/>`,

  'women-tee': (k: Ink) =>
    `<path d="M68 30l20-8q12 12 24 0l20 8 26 28-16 14-10-8q-2 24 2 86-32 8-64 0 4-62 2-86l-10 8-16-14z" fill="${k.b}"/>` +
    `<path d="M88 22q12 16 24 0" stroke="${k.d}" stroke-width="5" fill="none"/>` +
    `<path d="M46 62l16 12M154 62l-16 12" stroke="${k.s}" stroke-width="4"/>` +
    `<path d="M100 112c-14-10-22-20-12-28 6-5 10-1 12 3 2-4 6-8 12-3 10 8 2 18-12 28z" fill="${k.a}"/>`,

  tee: (k: Ink) =>
    `<path d="M66 30l20-8q14 16 28 0l20 8 30 32-20 18-10-10v104H66V70L56 80 36 62z" fill="${k.b}"/>` +
    `<path d="M86 22q14 18 28 0" stroke="${k.d}" stroke-width="6" fill="none"/>` +
    `<path d="M38 64l18 16M162 64l-18 16" stroke="${k.s}" stroke-width="5"/>` +
    `<rect x="110" y="60" width="16" height="18" rx="2" fill="${k.s}"/>` +
    `<path d="M66 166h68" stroke="${k.s}" stroke-width="4"/>`,

  polo: (k: Ink) =>
    `<path d="M66 30l20-8 14 14 14-14 20 8 30 32-20 18-10-10v104H66V70L56 80 36 62z" fill="${k.b}"/>` +
    `<path d="M86 22l14 16-12 12-8-22zM114 22l-14 16 12 12 8-22z" fill="${k.l}"/>` +
    `<rect x="94" y="38" width="12" height="34" rx="2" fill="${k.s}"/>` +
    `<circle cx="100" cy="50" r="3" fill="${k.d}"/><circle cx="100" cy="62" r="3" fill="${k.d}"/>` +
    `<path d="M38 64l18 16M162 64l-18 16" stroke="${k.a}" stroke-width="5"/>`,

  shirt: (k: Ink) =>
    `<path d="M70 30l18-8 12 12 12-12 18 8 20 14 16 116-16 4-14-80v96H66V84l-14 80-16-4 16-116z" fill="${k.b}"/>` +
    `<path d="M88 22l12 18-8 8-12-20zM112 22l-12 18 8 8 12-20z" fill="${k.l}"/>` +
    `<path d="M100 40v136" stroke="${k.s}" stroke-width="3"/>` +
    `<g fill="${k.d}"><circle cx="100" cy="64" r="3"/><circle cx="100" cy="92" r="3"/><circle cx="100" cy="120" r="3"/><circle cx="100" cy="148" r="3"/></g>` +
    `<path d="M36 154l16 4M164 154l-16 4" stroke="${k.d}" stroke-width="8"/>` +
    `<rect x="112" y="62" width="16" height="16" rx="2" fill="${k.s}"/>`,

  blouse: (k: Ink) =>
    `<path d="M72 32q28 12 56 0l8 8 22 20 12 90-18 4-14-68-6 88q-32 8-64 0l-6-88-14 68-18-4 12-90 22-20z" fill="${k.b}"/>` +
    `<ellipse cx="58" cy="56" rx="18" ry="22" fill="${k.b}"/><ellipse cx="142" cy="56" rx="18" ry="22" fill="${k.b}"/>` +
    `<path d="M50 40q8 16 4 36M146 40q-8 16-4 36" stroke="${k.s}" stroke-width="3" fill="none"/>` +
    `<path d="M100 42L76 30v26zM100 42l24-12v26z" fill="${k.a}"/><circle cx="100" cy="43" r="6" fill="${k.a}"/>` +
    `<path d="M94 48l-8 28M106 48l8 28" stroke="${k.a}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M68 168q32 10 64 0" stroke="${k.s}" stroke-width="4" fill="none"/>`,

  skirt: (k: Ink) =>
    `<path d="M68 52h64l30 118q-62 16-124 0z" fill="${k.b}"/>` +
    `<path d="M82 54l-14 118M91 54l-7 120M100 54v122M109 54l7 120M118 54l14 118" stroke="${k.s}" stroke-width="3"/>` +
    `<rect x="64" y="38" width="72" height="16" rx="4" fill="${k.d}"/>` +
    `<rect x="92" y="40" width="16" height="12" rx="2" fill="none" stroke="${k.a}" stroke-width="3"/>`,

  coat: (k: Ink) =>
    `<path d="M72 22l16-4 12 28 12-28 16 4 22 14 10 140-18 2-6-80v86H64V98l-6 80-18-2 10-140z" fill="${k.b}"/>` +
    `<path d="M88 18l12 28-10 26-12-42zM112 18l-12 28 10 26 12-42z" fill="${k.s}"/>` +
    `<rect x="64" y="104" width="72" height="10" fill="${k.d}"/>` +
    `<rect x="92" y="102" width="16" height="14" rx="2" fill="none" stroke="${k.a}" stroke-width="3"/>` +
    `<g fill="${k.d}"><circle cx="88" cy="84" r="3.5"/><circle cx="112" cy="84" r="3.5"/><circle cx="88" cy="134" r="3.5"/><circle cx="112" cy="134" r="3.5"/></g>` +
    `<path d="M40 170l18 2M160 170l-18 2" stroke="${k.d}" stroke-width="6"/>`,

  blazer: (k: Ink) =>
    `<path d="M70 26l18-6 12 40 12-40 18 6 22 16 12 112-18 4-8-70v82H62V88l-8 70-18-4 12-112z" fill="${k.b}"/>` +
    `<path d="M88 20l12 40-4 22-18-52zM112 20l-12 40 4 22 18-52z" fill="${k.s}"/>` +
    `<path d="M100 60v104" stroke="${k.s}" stroke-width="3"/>` +
    `<circle cx="100" cy="110" r="4" fill="${k.d}"/>` +
    `<path d="M70 126h22M108 126h22" stroke="${k.d}" stroke-width="4"/>` +
    `<path d="M114 78l14-2" stroke="${k.a}" stroke-width="5"/>`,

  jacket: (k: Ink) =>
    `<path d="M68 30l20-8q12 8 24 0l20 8 24 20 12 100-18 4-14-64v60H68V90l-14 64-18-4 12-100z" fill="${k.b}"/>` +
    `<path d="M86 20q14 10 28 0v10q-14 10-28 0z" fill="${k.d}"/>` +
    `<rect x="66" y="146" width="68" height="16" rx="4" fill="${k.d}"/>` +
    `<path d="M36 150l18 4M164 150l-18 4" stroke="${k.d}" stroke-width="8"/>` +
    `<path d="M100 28v118" stroke="${k.a}" stroke-width="3"/>` +
    `<path d="M76 100l8 24M124 100l-8 24" stroke="${k.s}" stroke-width="4"/>` +
    `<rect x="112" y="56" width="14" height="6" rx="2" fill="${k.a}"/>`,

  trousers: (k: Ink) =>
    `<path d="M62 36h76l8 142h-38l-8-102-8 102H54z" fill="${k.b}"/>` +
    `<rect x="62" y="24" width="76" height="14" rx="3" fill="${k.d}"/>` +
    `<path d="M100 38v36M66 40q14 18 30 8M134 40q-14 18-30 8" stroke="${k.s}" stroke-width="3" fill="none"/>` +
    `<path d="M56 168h36M108 168h36" stroke="${k.s}" stroke-width="4"/>` +
    `<path d="M78 24v14M122 24v14" stroke="${k.b}" stroke-width="3"/>` +
    `<rect x="94" y="27" width="12" height="8" rx="2" fill="${k.a}"/>`,

  hoodie: (k: Ink) =>
    `<ellipse cx="100" cy="30" rx="30" ry="22" fill="${k.s}"/>` +
    `<path d="M64 34l20-6q16 14 32 0l20 6 22 18 12 104-18 4-14-70v82H64V88l-14 70-18-4 12-104z" fill="${k.b}"/>` +
    `<path d="M84 28q16 20 32 0" stroke="${k.s}" stroke-width="4" fill="none"/>` +
    `<path d="M92 40v28M108 40v28" stroke="${k.a}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M76 122h48l8 34H68z" fill="${k.s}"/>` +
    `<rect x="64" y="164" width="72" height="12" rx="3" fill="${k.d}"/>`,

  onesie: (k: Ink) =>
    `<path d="M70 34l18-6q12 12 24 0l18 6 22 22-14 12-10-8v76q0 14-18 22l-4 24H90l-4-24q-18-8-18-22V60l-10 8-14-12z" fill="${k.b}"/>` +
    `<path d="M88 28q12 14 24 0" stroke="${k.d}" stroke-width="4" fill="none"/>` +
    `<path d="M100 92l6 12 13 2-9 9 2 13-12-6-12 6 2-13-9-9 13-2z" fill="${k.a}"/>` +
    `<path d="M68 136q8 20 18 22M132 136q-8 20-18 22" stroke="${k.s}" stroke-width="4" fill="none"/>` +
    `<g fill="${k.d}"><circle cx="94" cy="174" r="2.5"/><circle cx="100" cy="174" r="2.5"/><circle cx="106" cy="174" r="2.5"/></g>`,

  puffer: (k: Ink) =>
    `<path d="M64 34q36-18 72 0l22 20 12 102-20 4-14-70 2 88q-38 10-76 0l2-88-14 70-20-4 12-102z" fill="${k.b}"/>` +
    `<path d="M66 64q34 8 68 0M64 94q36 8 72 0M64 124q36 8 72 0M64 154q36 8 72 0M44 96l14 4M156 96l-14 4M40 126l16 4M160 126l-16 4" stroke="${k.s}" stroke-width="4" fill="none"/>` +
    `<rect x="80" y="22" width="40" height="18" rx="9" fill="${k.d}"/>` +
    `<path d="M100 40v134" stroke="${k.a}" stroke-width="3"/>`,

  'sport-tee': (k: Ink) =>
    `<path d="M66 30l20-8q14 16 28 0l20 8 30 32-20 18-10-10v104H66V70L56 80 36 62z" fill="${k.b}"/>` +
    `<path d="M86 22l-20 8-30 32 20 18 10-10V44zM114 22l20 8 30 32-20 18-10-10V44z" fill="${k.a}"/>` +
    `<path d="M86 22q14 18 28 0" stroke="${k.d}" stroke-width="5" fill="none"/>` +
    `<path d="M76 120l48-28M76 138l48-28" stroke="${k.l}" stroke-width="6"/>` +
    `<path d="M66 170h68" stroke="${k.s}" stroke-width="4"/>`,

  leggings: (k: Ink) =>
    `<path d="M68 40h64l4 140h-26l-10-100-10 100H64z" fill="${k.b}"/>` +
    `<rect x="66" y="24" width="68" height="20" rx="6" fill="${k.s}"/>` +
    `<path d="M68 46l-4 132M132 46l4 132" stroke="${k.a}" stroke-width="5"/>` +
    `<path d="M90 60q10 14 20 0" stroke="${k.s}" stroke-width="3" fill="none"/>` +
    `<path d="M66 172h24M110 172h24" stroke="${k.s}" stroke-width="4"/>`,
};
