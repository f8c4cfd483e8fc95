import type { Ink } from './colour.ts';

/**
 * Fresh food and groceries, 200×200, resting on y≈184. Produce keeps its natural colours;
 * `k.b` colours packaging only.
 */
export const FOOD = {
  apple: (_k: Ink) =>
    `<path d="M100 62c-20-16-62-12-62 40 0 52 34 86 62 72 28 14 62-20 62-72 0-52-42-56-62-40z" fill="#e5433f"/>` +
    `<path d="M100 62c20-16 62-12 62 40 0 52-34 86-62 72z" fill="#c7302f" opacity=".35"/>` +
    `<ellipse cx="68" cy="98" rx="10" ry="18" fill="#fff" opacity=".35"/>` +
    `<path d="M100 66q-2-24 8-38" stroke="#6b4423" stroke-width="6" stroke-linecap="round" fill="none"/>` +
    `<path d="M106 46q20-24 44-12-20 22-44 12z" fill="#5cb85c"/>`,

  orange: (_k: Ink) =>
    `<circle cx="88" cy="104" r="62" fill="#f7931e"/>` +
    `<circle cx="88" cy="104" r="62" fill="none" stroke="#e07b0c" stroke-width="2" stroke-dasharray="1 9"/>` +
    `<ellipse cx="62" cy="82" rx="12" ry="18" fill="#fff" opacity=".3"/>` +
    `<path d="M88 44q8-14 26-12-6 16-26 12z" fill="#4caf50"/>` +
    `<circle cx="148" cy="156" r="30" fill="#ffb347"/><circle cx="148" cy="156" r="24" fill="#ffd38a"/>` +
    `<path d="M148 134v44M127 156h42M133 141l30 30M163 141l-30 30" stroke="#ffb347" stroke-width="2.5"/>` +
    `<circle cx="148" cy="156" r="3" fill="#fff"/>`,

  grapes: (_k: Ink) =>
    `<path d="M100 44q4-18 18-26" stroke="#7a5230" stroke-width="5" stroke-linecap="round" fill="none"/>` +
    `<path d="M104 40q30-24 52-2-26 16-52 2z" fill="#6fb43f"/>` +
    `<g fill="#a6d45a"><circle cx="76" cy="62" r="17"/><circle cx="108" cy="60" r="17"/><circle cx="140" cy="66" r="16"/><circle cx="62" cy="92" r="17"/><circle cx="94" cy="90" r="17"/><circle cx="126" cy="94" r="17"/>` +
    `<circle cx="78" cy="120" r="17"/><circle cx="110" cy="122" r="17"/><circle cx="94" cy="150" r="17"/><circle cx="124" cy="150" r="15"/><circle cx="106" cy="176" r="13"/></g>` +
    `<g fill="#8bc34a"><circle cx="140" cy="66" r="16"/><circle cx="126" cy="94" r="17"/><circle cx="110" cy="122" r="17"/><circle cx="124" cy="150" r="15"/></g>` +
    `<g fill="#fff" opacity=".5"><circle cx="70" cy="56" r="4"/><circle cx="88" cy="84" r="4"/><circle cx="72" cy="114" r="4"/><circle cx="88" cy="144" r="4"/><circle cx="102" cy="54" r="4"/></g>`,

  mango: (_k: Ink) =>
    `<g transform="rotate(35 96 112)"><ellipse cx="96" cy="112" rx="46" ry="70" fill="#ffc233"/>` +
    `<path d="M96 42a46 70 0 0 1 46 70q-22-8-46-70z" fill="#ff7a3d" opacity=".75"/>` +
    `<path d="M96 42a46 70 0 0 0-42 42q28-6 42-42z" fill="#9ccc65" opacity=".9"/>` +
    `<ellipse cx="76" cy="118" rx="9" ry="22" fill="#fff" opacity=".35"/>` +
    `<path d="M96 44V28" stroke="#6b4423" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M98 32q16-22 38-12-16 20-38 12z" fill="#5cb85c"/></g>`,

  'snack-bag': (k: Ink) =>
    `<path d="M54 34h92l-6 26q12 50 0 100l6 22H54l6-22q-12-50 0-100z" fill="${k.b}"/>` +
    `<path d="M54 34h92l-3 14H57zM57 168h86l3 14H54z" fill="${k.s}"/>` +
    `<path d="M64 36v10M76 36v10M88 36v10M100 36v10M112 36v10M124 36v10M136 36v10M64 170v10M76 170v10M88 170v10M100 170v10M112 170v10M124 170v10M136 170v10" stroke="${k.b}" stroke-width="2"/>` +
    `<ellipse cx="100" cy="110" rx="34" ry="28" fill="#fff" opacity=".92"/>` +
    `<path d="M80 118q8-22 22-18 10 2 18 14-12 10-22 8-12-2-18-4z" fill="#e8a857"/>` +
    `<path d="M88 112l6-4M100 108l4 6M110 112l4-2" stroke="#b9772f" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M66 66v80" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity=".35"/>` +
    `<path d="M74 154h52" stroke="${k.a}" stroke-width="5" stroke-linecap="round"/>`,

  bread: (k: Ink) =>
    `<path d="M34 118q0-62 66-62t66 62l-8 64H42z" fill="#e9a552"/>` +
    `<path d="M42 182h116l4-28H38z" fill="#f4c27f"/>` +
    `<path d="M70 74q12 8 8 26M100 66q12 10 6 30M130 74q10 10 4 26" stroke="#f6d7a0" stroke-width="8" stroke-linecap="round" fill="none"/>` +
    `<path d="M48 96q10-24 34-32" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".35" fill="none"/>` +
    `<rect x="56" y="166" width="88" height="10" rx="5" fill="${k.a}" opacity=".8"/>`,

  'rice-bag': (k: Ink) =>
    `<path d="M56 46q44-10 88 0l12 124q-56 18-112 0z" fill="#f2ead7"/>` +
    `<path d="M56 46q44-10 88 0l-6-16q-38-8-76 0z" fill="#e3d6b8"/>` +
    `<path d="M68 44q32-8 64 0" stroke="#b9772f" stroke-width="5" fill="none"/>` +
    `<rect x="64" y="82" width="72" height="62" rx="10" fill="${k.b}"/>` +
    `<ellipse cx="100" cy="114" rx="24" ry="16" fill="#fff"/>` +
    `<g fill="#f5f0e0"><ellipse cx="90" cy="110" rx="5" ry="3"/><ellipse cx="104" cy="108" rx="5" ry="3"/><ellipse cx="98" cy="120" rx="5" ry="3"/><ellipse cx="112" cy="118" rx="5" ry="3"/></g>` +
    `<path d="M100 100q6 14 0 28" stroke="#7fb04a" stroke-width="3" fill="none"/>` +
    `<g fill="#f2ead7"><ellipse cx="40" cy="180" rx="5" ry="3"/><ellipse cx="164" cy="178" rx="5" ry="3"/><ellipse cx="174" cy="182" rx="5" ry="3"/></g>`,

  'oil-bottle': (k: Ink) =>
    `<rect x="86" y="24" width="28" height="22" rx="4" fill="${k.b}"/>` +
    `<path d="M82 46h36l12 24v106q0 6-6 6H76q-6 0-6-6V70z" fill="#f5c542"/>` +
    `<path d="M118 52q26 4 20 34-4 10-8 10" stroke="#e8b730" stroke-width="7" fill="none"/>` +
    `<rect x="76" y="104" width="48" height="52" rx="6" fill="#fff" opacity=".92"/>` +
    `<ellipse cx="94" cy="124" rx="8" ry="10" fill="#c98a4b"/><ellipse cx="106" cy="134" rx="8" ry="10" fill="#b87a3e"/>` +
    `<path d="M84 148h32" stroke="${k.b}" stroke-width="4"/>` +
    `<rect x="76" y="74" width="6" height="90" rx="3" fill="#fff" opacity=".4"/>`,

  'soy-sauce': (_k: Ink) =>
    `<rect x="88" y="20" width="24" height="20" rx="3" fill="#d93b30"/>` +
    `<path d="M90 38h20v20q22 10 22 32v86q0 6-6 6H74q-6 0-6-6V90q0-22 22-32z" fill="#3a2418"/>` +
    `<rect x="74" y="104" width="52" height="58" rx="4" fill="#f4ead6"/>` +
    `<circle cx="100" cy="124" r="12" fill="#d93b30"/>` +
    `<path d="M84 148h32" stroke="#3a2418" stroke-width="4"/>` +
    `<rect x="74" y="74" width="5" height="24" rx="2.5" fill="#fff" opacity=".3"/>` +
    `<path d="M152 182q-6-10 0-20 6 10 0 20z" fill="#3a2418" opacity=".6"/>`,

  tea: (k: Ink) =>
    `<path d="M80 48q-8-10 0-20M100 48q-8-10 0-20M120 48q-8-10 0-20" stroke="${k.s}" stroke-width="4" stroke-linecap="round" fill="none" opacity=".6"/>` +
    `<ellipse cx="100" cy="172" rx="70" ry="12" fill="${k.s}"/>` +
    `<path d="M146 92q26 0 22 24-4 18-28 18" stroke="${k.b}" stroke-width="9" fill="none"/>` +
    `<path d="M48 84h104l-10 62q-4 22-26 22H84q-22 0-26-22z" fill="${k.b}"/>` +
    `<ellipse cx="100" cy="84" rx="52" ry="9" fill="#b8c96a"/>` +
    `<path d="M58 110h84" stroke="${k.a}" stroke-width="5"/>` +
    `<path d="M30 150q4-30 32-30-2 28-32 30z" fill="#6ab04c"/><path d="M34 146l22-20" stroke="#4a8a36" stroke-width="2"/>`,

  coffee: (k: Ink) =>
    `<path d="M84 38q-8-10 0-20M104 38q-8-10 0-20" stroke="#8d6e63" stroke-width="4" stroke-linecap="round" fill="none" opacity=".6"/>` +
    `<path d="M144 110q28 0 24 26-4 18-28 18" stroke="${k.b}" stroke-width="10" fill="none"/>` +
    `<path d="M50 96h100l-8 76q-2 10-12 10H70q-10 0-12-10z" fill="${k.b}"/>` +
    `<path d="M64 56h72l-6 44H70z" fill="#fbf6ec"/>` +
    `<path d="M64 56l-10-8M136 56l10-8" stroke="#fbf6ec" stroke-width="6"/>` +
    `<path d="M74 72h52" stroke="${k.a}" stroke-width="5"/>` +
    `<ellipse cx="100" cy="96" rx="50" ry="6" fill="#6d4c41"/>` +
    `<g fill="#6d4c41"><ellipse cx="42" cy="174" rx="10" ry="7" transform="rotate(-20 42 174)"/><ellipse cx="160" cy="176" rx="10" ry="7" transform="rotate(25 160 176)"/></g>` +
    `<path d="M34 176q8-2 16-6M152 172q8 2 16 8" stroke="#a1887f" stroke-width="2" fill="none"/>`,

  eggs: (k: Ink) =>
    `<ellipse cx="60" cy="116" rx="20" ry="26" fill="#f6e3c8"/><ellipse cx="100" cy="110" rx="21" ry="27" fill="#fff4e4"/>` +
    `<ellipse cx="140" cy="116" rx="20" ry="26" fill="#efd5b3"/>` +
    `<g fill="#fff" opacity=".6"><ellipse cx="54" cy="104" rx="5" ry="8"/><ellipse cx="94" cy="98" rx="5" ry="8"/><ellipse cx="134" cy="104" rx="5" ry="8"/></g>` +
    `<path d="M26 128h148l-12 54H38z" fill="#c9a77c"/>` +
    `<path d="M26 128q17 14 34 0 20 14 40 0 20 14 40 0 17 14 34 0" fill="#dcbf97"/>` +
    `<rect x="76" y="148" width="48" height="20" rx="4" fill="${k.b}"/>`,

  steak: (_k: Ink) =>
    `<ellipse cx="100" cy="160" rx="84" ry="24" fill="#c98f55"/><ellipse cx="100" cy="154" rx="84" ry="24" fill="#dba86b"/>` +
    `<path d="M36 128q-6-44 40-54 40-8 76 6 30 14 16 48-12 28-66 26-58-2-66-26z" fill="#f4d8c6"/>` +
    `<path d="M44 126q-4-36 36-44 36-6 68 6 22 10 12 34-10 22-56 20-52-2-60-16z" fill="#c0392b"/>` +
    `<path d="M64 100q20 10 34-4M110 110q16 6 28-6M72 126q18-6 30 4" stroke="#f1a5a0" stroke-width="4" stroke-linecap="round" fill="none"/>` +
    `<path d="M152 152l24-30" stroke="#4a8a36" stroke-width="3"/><path d="M158 144l-8-4M164 136l-8-4M170 128l-8-4M160 146l6 6M166 138l6 6" stroke="#5cb85c" stroke-width="3" stroke-linecap="round"/>`,
};
