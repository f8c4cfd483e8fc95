import type { Ink } from './colour.ts';

/** Skin care and make-up, 200×200, resting on y≈184; `k.b` is the packaging's colour. */
export const BEAUTY = {
  serum: (k: Ink) =>
    `<ellipse cx="100" cy="36" rx="11" ry="20" fill="${k.d}"/>` +
    `<rect x="84" y="52" width="32" height="20" rx="4" fill="${k.d}"/>` +
    `<rect x="88" y="70" width="24" height="14" fill="${k.s}"/>` +
    `<rect x="68" y="82" width="64" height="100" rx="16" fill="${k.b}"/>` +
    `<rect x="68" y="126" width="64" height="56" rx="16" fill="${k.s}" opacity=".5"/>` +
    `<rect x="80" y="108" width="40" height="44" rx="5" fill="#fff" opacity=".9"/>` +
    `<path d="M88 122h24M88 132h16" stroke="${k.a}" stroke-width="4"/>` +
    `<rect x="74" y="92" width="6" height="70" rx="3" fill="#fff" opacity=".45"/>`,

  'cream-jar': (k: Ink) =>
    `<rect x="52" y="112" width="96" height="70" rx="16" fill="${k.b}"/>` +
    `<rect x="48" y="90" width="104" height="30" rx="8" fill="${k.d}"/>` +
    `<path d="M52 104h96" stroke="#fff" stroke-width="2" opacity=".3"/>` +
    `<rect x="70" y="136" width="60" height="26" rx="6" fill="#fff" opacity=".9"/>` +
    `<circle cx="100" cy="149" r="7" fill="${k.a}"/>` +
    `<rect x="58" y="124" width="6" height="48" rx="3" fill="#fff" opacity=".4"/>` +
    `<path d="M150 176q4-18 18-18 12 0 10 12-2 8-12 8z" fill="#fff" opacity=".9"/>`,

  toner: (k: Ink) =>
    `<rect x="84" y="22" width="32" height="32" rx="6" fill="${k.d}"/>` +
    `<path d="M72 70q0-16 16-16h24q16 0 16 16v106q0 6-6 6H78q-6 0-6-6z" fill="${k.b}"/>` +
    `<rect x="80" y="100" width="40" height="54" rx="4" fill="#fff" opacity=".9"/>` +
    `<path d="M100 112q-10 10 0 24 10-14 0-24z" fill="${k.a}"/>` +
    `<path d="M88 146h24" stroke="${k.s}" stroke-width="3"/>` +
    `<rect x="77" y="70" width="6" height="96" rx="3" fill="#fff" opacity=".4"/>`,

  tube: (k: Ink) =>
    `<path d="M66 34h68l-10 122H76z" fill="${k.b}"/>` +
    `<rect x="62" y="22" width="76" height="14" rx="2" fill="${k.s}"/>` +
    `<path d="M72 24v10M80 24v10M88 24v10M96 24v10M104 24v10M112 24v10M120 24v10M128 24v10" stroke="${k.b}" stroke-width="2"/>` +
    `<rect x="80" y="58" width="40" height="60" rx="5" fill="#fff" opacity=".9"/>` +
    `<path d="M88 74h24M88 84h18" stroke="${k.a}" stroke-width="4"/>` +
    `<circle cx="100" cy="102" r="7" fill="${k.a}"/>` +
    `<rect x="78" y="154" width="44" height="28" rx="6" fill="${k.d}"/>` +
    `<rect x="72" y="42" width="5" height="90" rx="2.5" fill="#fff" opacity=".4"/>`,

  lipstick: (k: Ink) =>
    `<path d="M82 74V50q0-16 36-26v50z" fill="${k.b}"/>` +
    `<path d="M88 70V52" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".5"/>` +
    `<rect x="80" y="72" width="40" height="34" fill="#e6c16a"/>` +
    `<rect x="74" y="102" width="52" height="12" rx="3" fill="#d4a84b"/>` +
    `<rect x="76" y="112" width="48" height="70" rx="6" fill="${k.d}"/>` +
    `<rect x="82" y="118" width="6" height="56" rx="3" fill="#fff" opacity=".3"/>` +
    `<rect x="132" y="132" width="40" height="50" rx="6" fill="${k.d}"/>` +
    `<rect x="132" y="132" width="40" height="8" fill="#d4a84b"/>`,

  compact: (k: Ink) =>
    `<ellipse cx="100" cy="78" rx="66" ry="46" fill="${k.d}"/>` +
    `<ellipse cx="100" cy="78" rx="56" ry="37" fill="#e3ebf2"/>` +
    `<path d="M70 64q14-14 34-18M76 80q10-12 22-16" stroke="#fff" stroke-width="5" stroke-linecap="round"/>` +
    `<ellipse cx="100" cy="152" rx="66" ry="30" fill="${k.s}"/>` +
    `<ellipse cx="100" cy="142" rx="66" ry="30" fill="${k.d}"/>` +
    `<ellipse cx="100" cy="140" rx="54" ry="22" fill="${k.b}"/>` +
    `<ellipse cx="88" cy="136" rx="18" ry="7" fill="#fff" opacity=".35"/>`,

  eyeshadow: (k: Ink) =>
    `<rect x="30" y="64" width="140" height="106" rx="14" fill="${k.d}"/>` +
    `<rect x="40" y="74" width="36" height="38" rx="6" fill="${k.l}"/>` +
    `<rect x="82" y="74" width="36" height="38" rx="6" fill="${k.b}"/>` +
    `<rect x="124" y="74" width="36" height="38" rx="6" fill="${k.s}"/>` +
    `<rect x="40" y="120" width="36" height="38" rx="6" fill="${k.a}"/>` +
    `<rect x="82" y="120" width="36" height="38" rx="6" fill="#f3d9c4"/>` +
    `<rect x="124" y="120" width="36" height="38" rx="6" fill="#8a5a44"/>` +
    `<path d="M44 184l90-70" stroke="#3b3f4a" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M134 114l14-12" stroke="#e6c16a" stroke-width="10" stroke-linecap="round"/>`,

  'sheet-mask': (k: Ink) =>
    `<rect x="52" y="22" width="96" height="160" rx="8" fill="${k.b}"/>` +
    `<rect x="52" y="22" width="96" height="16" rx="4" fill="${k.s}"/>` +
    `<path d="M60 26v8M68 26v8M76 26v8M84 26v8M92 26v8M100 26v8M108 26v8M116 26v8M124 26v8M132 26v8M140 26v8" stroke="${k.b}" stroke-width="2"/>` +
    `<ellipse cx="100" cy="100" rx="30" ry="38" fill="#fff" opacity=".92"/>` +
    `<ellipse cx="89" cy="92" rx="6" ry="3.5" fill="${k.b}"/><ellipse cx="111" cy="92" rx="6" ry="3.5" fill="${k.b}"/>` +
    `<path d="M92 118q8 6 16 0" stroke="${k.b}" stroke-width="3" stroke-linecap="round" fill="none"/>` +
    `<path d="M72 154h56M80 164h40" stroke="#fff" stroke-width="4" opacity=".7"/>` +
    `<circle cx="128" cy="56" r="6" fill="${k.a}"/>`,

  perfume: (k: Ink) =>
    `<rect x="80" y="32" width="40" height="36" rx="8" fill="${k.d}"/>` +
    `<rect x="88" y="66" width="24" height="18" fill="#e6c16a"/>` +
    `<rect x="56" y="82" width="88" height="100" rx="20" fill="${k.b}" opacity=".9"/>` +
    `<rect x="64" y="112" width="72" height="62" rx="14" fill="${k.s}" opacity=".45"/>` +
    `<rect x="78" y="114" width="44" height="28" rx="4" fill="#fff" opacity=".9"/>` +
    `<path d="M90 128h20" stroke="${k.a}" stroke-width="4"/>` +
    `<rect x="64" y="92" width="7" height="70" rx="3.5" fill="#fff" opacity=".45"/>` +
    `<path d="M128 44q14-6 24 2M132 54q12 0 20 8" stroke="${k.a}" stroke-width="3" stroke-linecap="round" fill="none" opacity=".7"/>`,

  'gift-box': (k: Ink) =>
    `<rect x="40" y="94" width="120" height="88" rx="6" fill="${k.b}"/>` +
    `<rect x="34" y="74" width="132" height="28" rx="5" fill="${k.s}"/>` +
    `<rect x="92" y="74" width="16" height="108" fill="${k.a}"/>` +
    `<path d="M100 74q-36-30-40-10 0 12 40 10zM100 74q36-30 40-10 0 12-40 10z" fill="${k.a}"/>` +
    `<circle cx="100" cy="72" r="8" fill="${k.a}"/>` +
    `<path d="M48 110v62" stroke="#fff" stroke-width="5" opacity=".3"/>`,

  'pump-bottle': (k: Ink) =>
    `<path d="M84 38h34v10H84zM116 40h26v6h-26z" fill="${k.d}"/>` +
    `<rect x="96" y="46" width="8" height="22" fill="${k.d}"/>` +
    `<rect x="84" y="64" width="32" height="18" rx="3" fill="${k.d}"/>` +
    `<rect x="64" y="80" width="72" height="102" rx="18" fill="${k.b}"/>` +
    `<rect x="76" y="106" width="48" height="52" rx="6" fill="#fff" opacity=".9"/>` +
    `<path d="M100 146q-16-8-10-26 14 2 10 26zM100 146q16-8 10-26-14 2-10 26z" fill="${k.a}"/>` +
    `<rect x="70" y="90" width="6" height="78" rx="3" fill="#fff" opacity=".4"/>`,
};
