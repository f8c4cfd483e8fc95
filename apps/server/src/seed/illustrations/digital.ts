import type { Ink } from './colour.ts';

const SCREEN = '#1e2433';

/** Phones, audio, appliances and wearables, 200×200, resting on y≈184; `k.b` is the casing. */
export const DIGITAL = {
  phone: (k: Ink) =>
    `<g transform="rotate(-12 70 110)"><rect x="34" y="30" width="70" height="150" rx="14" fill="${k.s}"/>` +
    `<rect x="44" y="40" width="30" height="44" rx="9" fill="${k.d}"/>` +
    `<circle cx="53" cy="51" r="6" fill="${SCREEN}"/><circle cx="65" cy="51" r="6" fill="${SCREEN}"/><circle cx="53" cy="72" r="6" fill="${SCREEN}"/></g>` +
    `<rect x="82" y="18" width="76" height="164" rx="15" fill="${k.b}"/>` +
    `<rect x="88" y="24" width="64" height="152" rx="10" fill="${SCREEN}"/>` +
    `<circle cx="132" cy="106" r="12" fill="${k.a}" opacity=".7"/>` +
    `<path d="M88 140q32-30 64-8v34q0 10-10 10H98q-10 0-10-10z" fill="${k.a}"/>` +
    `<circle cx="120" cy="33" r="3.5" fill="#000"/>` +
    `<path d="M96 62h30M96 72h20" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".8"/>`,

  earbuds: (k: Ink) =>
    `<rect x="56" y="84" width="88" height="76" rx="34" fill="${k.b}"/>` +
    `<path d="M56 116h88" stroke="${k.s}" stroke-width="3"/>` +
    `<circle cx="100" cy="134" r="4" fill="${k.a}"/>` +
    `<g transform="rotate(-20 50 150)"><rect x="42" y="142" width="14" height="40" rx="7" fill="${k.b}"/><circle cx="49" cy="140" r="15" fill="${k.b}"/><circle cx="49" cy="140" r="8" fill="${k.d}"/></g>` +
    `<g transform="rotate(20 150 150)"><rect x="144" y="142" width="14" height="40" rx="7" fill="${k.b}"/><circle cx="151" cy="140" r="15" fill="${k.b}"/><circle cx="151" cy="140" r="8" fill="${k.d}"/></g>` +
    `<rect x="66" y="92" width="6" height="20" rx="3" fill="#fff" opacity=".4"/>`,

  headphones: (k: Ink) =>
    `<path d="M46 122q0-94 54-94t54 94" stroke="${k.b}" stroke-width="12" fill="none"/>` +
    `<path d="M62 70q14-30 38-30t38 30" stroke="${k.d}" stroke-width="6" stroke-linecap="round" fill="none"/>` +
    `<rect x="30" y="104" width="36" height="70" rx="16" fill="${k.b}"/><rect x="56" y="112" width="16" height="54" rx="7" fill="${k.d}"/>` +
    `<rect x="134" y="104" width="36" height="70" rx="16" fill="${k.b}"/><rect x="128" y="112" width="16" height="54" rx="7" fill="${k.d}"/>` +
    `<circle cx="48" cy="139" r="7" fill="${k.a}"/><circle cx="152" cy="139" r="7" fill="${k.a}"/>`,

  speaker: (k: Ink) =>
    `<rect x="60" y="46" width="80" height="136" rx="24" fill="${k.b}"/>` +
    `<path d="M68 80h64M66 94h68M66 108h68M66 122h68M66 136h68M66 150h68M68 164h64" stroke="${k.s}" stroke-width="4" stroke-dasharray="2 5"/>` +
    `<ellipse cx="100" cy="52" rx="36" ry="9" fill="${k.s}"/>` +
    `<ellipse cx="100" cy="52" rx="24" ry="5" fill="none" stroke="${k.a}" stroke-width="3"/>` +
    `<path d="M150 80q10 14 0 28M160 72q18 22 0 44" stroke="${k.a}" stroke-width="4" stroke-linecap="round" fill="none"/>`,

  tablet: (k: Ink) =>
    `<path d="M84 168l-14 14h60l-14-14z" fill="${k.d}"/>` +
    `<rect x="20" y="40" width="160" height="120" rx="12" fill="${k.b}"/>` +
    `<rect x="28" y="48" width="144" height="104" rx="6" fill="${SCREEN}"/>` +
    `<rect x="38" y="58" width="58" height="40" rx="5" fill="${k.a}"/>` +
    `<rect x="104" y="58" width="58" height="18" rx="4" fill="#fff" opacity=".8"/><rect x="104" y="80" width="58" height="18" rx="4" fill="#fff" opacity=".5"/>` +
    `<rect x="38" y="106" width="124" height="36" rx="5" fill="#fff" opacity=".25"/>` +
    `<path d="M46 118h60M46 130h40" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".8"/>` +
    `<path d="M150 178l34-48" stroke="#eef0f3" stroke-width="7" stroke-linecap="round"/>`,

  'air-fryer': (k: Ink) =>
    `<rect x="46" y="30" width="108" height="150" rx="32" fill="${k.b}"/>` +
    `<rect x="62" y="42" width="76" height="34" rx="12" fill="${k.d}"/>` +
    `<circle cx="100" cy="59" r="10" fill="none" stroke="${k.a}" stroke-width="3"/>` +
    `<circle cx="76" cy="59" r="3" fill="#fff"/><circle cx="124" cy="59" r="3" fill="#fff"/>` +
    `<rect x="54" y="90" width="92" height="74" rx="16" fill="${k.s}"/>` +
    `<rect x="76" y="112" width="48" height="18" rx="9" fill="${k.d}"/>` +
    `<path d="M64 84h72" stroke="${k.d}" stroke-width="3" stroke-dasharray="4 4"/>` +
    `<rect x="60" y="176" width="16" height="8" rx="3" fill="${k.d}"/><rect x="124" y="176" width="16" height="8" rx="3" fill="${k.d}"/>`,

  'hair-dryer': (k: Ink) =>
    `<path d="M24 74q-8 0-14 6M24 96q-8 0-14-6M20 85H8" stroke="${k.a}" stroke-width="4" stroke-linecap="round" fill="none"/>` +
    `<path d="M116 96h28l14 74q2 12-10 12h-14q-10 0-12-10z" fill="${k.b}"/>` +
    `<rect x="128" y="118" width="8" height="22" rx="4" fill="${k.a}"/>` +
    `<path d="M146 182q10 14 24 2" stroke="${k.d}" stroke-width="5" fill="none"/>` +
    `<rect x="40" y="54" width="110" height="62" rx="31" fill="${k.b}"/>` +
    `<rect x="20" y="64" width="26" height="42" rx="6" fill="${k.d}"/>` +
    `<circle cx="146" cy="85" r="38" fill="${k.b}"/>` +
    `<circle cx="146" cy="85" r="25" fill="${k.d}"/>` +
    `<path d="M130 85h32M146 69v32M135 74l22 22M157 74l-22 22" stroke="${k.b}" stroke-width="3"/>` +
    `<rect x="56" y="62" width="44" height="7" rx="3.5" fill="#fff" opacity=".45"/>`,

  'robot-vacuum': (k: Ink) =>
    `<ellipse cx="100" cy="140" rx="82" ry="36" fill="${k.s}"/>` +
    `<ellipse cx="100" cy="126" rx="82" ry="34" fill="${k.b}"/>` +
    `<path d="M24 136q76 40 152 0" stroke="${k.d}" stroke-width="4" fill="none"/>` +
    `<ellipse cx="100" cy="114" rx="22" ry="10" fill="${k.d}"/><ellipse cx="100" cy="108" rx="22" ry="10" fill="${k.s}"/>` +
    `<circle cx="100" cy="140" r="6" fill="${k.a}"/>` +
    `<path d="M36 160l-18 12M36 160l-6 20M36 160l-22 0" stroke="${k.d}" stroke-width="3" stroke-linecap="round"/>`,

  'rice-cooker': (k: Ink) =>
    `<rect x="82" y="28" width="36" height="14" rx="7" fill="${k.d}"/>` +
    `<path d="M42 88q4-48 58-50 54 2 58 50z" fill="${k.l}"/>` +
    `<circle cx="130" cy="62" r="5" fill="${k.d}"/>` +
    `<path d="M38 94q0-10 12-10h100q12 0 12 10l-4 76q-1 12-14 12H56q-13 0-14-12z" fill="${k.b}"/>` +
    `<path d="M40 98h120" stroke="${k.s}" stroke-width="4"/>` +
    `<rect x="72" y="116" width="56" height="40" rx="10" fill="${k.d}"/>` +
    `<rect x="80" y="124" width="40" height="10" rx="3" fill="${k.a}"/>` +
    `<circle cx="86" cy="145" r="4" fill="#fff"/><circle cx="100" cy="145" r="4" fill="#fff"/><circle cx="114" cy="145" r="4" fill="#fff"/>` +
    `<path d="M84 18q-6-8 0-14M100 20q-6-8 0-14" stroke="${k.s}" stroke-width="3" stroke-linecap="round" fill="none" opacity=".5"/>`,

  smartwatch: (k: Ink) =>
    `<rect x="78" y="12" width="44" height="176" rx="16" fill="${k.b}"/>` +
    `<path d="M84 30h32M84 170h32" stroke="${k.s}" stroke-width="3"/>` +
    `<rect x="60" y="54" width="80" height="92" rx="24" fill="${k.d}"/>` +
    `<rect x="138" y="84" width="8" height="20" rx="3" fill="${k.d}"/>` +
    `<rect x="67" y="61" width="66" height="78" rx="18" fill="#111"/>` +
    `<circle cx="100" cy="100" r="24" fill="none" stroke="${k.a}" stroke-width="6" stroke-dasharray="110 200" transform="rotate(-90 100 100)"/>` +
    `<circle cx="100" cy="100" r="15" fill="none" stroke="#6ee7b7" stroke-width="6" stroke-dasharray="60 200" transform="rotate(-90 100 100)"/>` +
    `<circle cx="100" cy="100" r="4" fill="#fff"/>`,
};
