import { mix } from './colour.ts';

/**
 * Lifestyle backdrops for the 750×750 scene image. Each returns the room (drawn behind the
 * product) and the y the product stands on; `hang` scenes hang clothes from a rail instead.
 */
export type SceneKind =
  | 'wardrobe'
  | 'vanity'
  | 'kitchen'
  | 'desk'
  | 'living'
  | 'nursery'
  | 'outdoor';

export interface Scene {
  back: string;
  /** The floor or table line the product stands on. */
  floor: number;
  /** Clothes hang from a rail: the y of the rail. */
  rail?: number;
  /** Caption text colour that reads on this backdrop. */
  ink: string;
}

/** A potted plant standing at (x, y), about 150 high. */
function plant(x: number, y: number, pot: string): string {
  return (
    `<path d="M${x} ${y - 60}q-40-50-10-100 30 40 10 100zM${x} ${y - 60}q-60-10-70-60 50 0 70 60zM${x} ${y - 60}q50-20 60-70-50 10-60 70z" fill="#5fae5a"/>` +
    `<path d="M${x - 34} ${y - 64}h68l-10 64h-48z" fill="${pot}"/>`
  );
}

export function scene(kind: SceneKind, theme: string): Scene {
  const wall = mix(theme, '#ffffff', 0.86);
  const wallDeep = mix(theme, '#ffffff', 0.7);
  switch (kind) {
    case 'wardrobe':
      return {
        back:
          `<rect width="750" height="750" fill="${wall}"/><rect y="600" width="750" height="150" fill="#e8dccb"/>` +
          `<rect x="96" y="590" width="560" height="20" rx="10" fill="${wallDeep}"/>` +
          `<path d="M110 150h530M120 150v450M630 150v450" stroke="#a3aab4" stroke-width="10" stroke-linecap="round"/>` +
          plant(690, 690, '#e9a15b'),
        floor: 600,
        rail: 150,
        ink: '#2b2d33',
      };
    case 'vanity':
      return {
        back:
          `<rect width="750" height="750" fill="${wall}"/>` +
          `<circle cx="375" cy="250" r="190" fill="#eef4f8" stroke="#e6c16a" stroke-width="12"/>` +
          `<path d="M270 170q40-50 100-60" stroke="#fff" stroke-width="14" stroke-linecap="round" fill="none"/>` +
          `<rect y="560" width="750" height="190" fill="${wallDeep}"/><rect y="548" width="750" height="24" fill="#fbfaf7"/>` +
          `<rect x="604" y="440" width="60" height="110" rx="20" fill="#fbfaf7"/>` +
          `<circle cx="616" cy="410" r="22" fill="#f28ab2"/><circle cx="654" cy="400" r="20" fill="#ffb3c7"/><circle cx="636" cy="376" r="18" fill="#f7b733"/>`,
        floor: 556,
        ink: '#2b2d33',
      };
    case 'kitchen':
      return {
        back:
          `<defs><pattern id="t" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M0 0h60v60" fill="none" stroke="#fff" stroke-width="3"/></pattern></defs>` +
          `<rect width="750" height="750" fill="${wall}"/><rect width="750" height="560" fill="url(#t)"/>` +
          `<rect y="560" width="750" height="190" fill="#c99a66"/><rect y="548" width="750" height="20" fill="#e2bd8e"/>` +
          `<ellipse cx="400" cy="562" rx="250" ry="26" fill="#fbfaf7" opacity=".7"/>` +
          `<path d="M80 120h120M100 120v90M140 120v120M180 120v80" stroke="#a3aab4" stroke-width="6"/>` +
          `<rect x="130" y="240" width="20" height="60" rx="8" fill="#e76f51"/><circle cx="100" cy="222" r="14" fill="#a3aab4"/><rect x="170" y="200" width="20" height="46" rx="6" fill="#5aa9e6"/>`,
        floor: 556,
        ink: '#2b2d33',
      };
    case 'desk':
      return {
        back:
          `<rect width="750" height="750" fill="${wall}"/>` +
          `<rect x="60" y="80" width="240" height="300" rx="10" fill="#cfe9ff" stroke="#fff" stroke-width="14"/>` +
          `<path d="M180 80v300M60 230h240" stroke="#fff" stroke-width="10"/>` +
          `<circle cx="250" cy="140" r="26" fill="#fff6c9"/>` +
          `<rect y="556" width="750" height="24" fill="#c99a66"/><rect y="580" width="750" height="170" fill="${wallDeep}"/>` +
          `<path d="M640 552V380l-70-70" stroke="#4a4f5c" stroke-width="10" stroke-linecap="round" fill="none"/>` +
          `<path d="M540 270l80 10-40 60z" fill="#f7b733"/><rect x="600" y="540" width="80" height="16" rx="6" fill="#4a4f5c"/>`,
        floor: 556,
        ink: '#2b2d33',
      };
    case 'living':
      return {
        back:
          `<rect width="750" height="750" fill="${wall}"/><rect y="580" width="750" height="170" fill="#e8dccb"/>` +
          `<rect x="470" y="100" width="200" height="150" fill="#fff" stroke="#c99a66" stroke-width="10"/>` +
          `<path d="M480 240l60-80 40 50 30-30 50 60z" fill="${mix(theme, '#ffffff', 0.4)}"/><circle cx="630" cy="140" r="14" fill="#f7b733"/>` +
          `<ellipse cx="400" cy="620" rx="290" ry="44" fill="${wallDeep}"/>` +
          plant(110, 640, '#fbfaf7'),
        floor: 612,
        ink: '#2b2d33',
      };
    case 'nursery':
      return {
        back:
          `<defs><pattern id="t" width="90" height="90" patternUnits="userSpaceOnUse"><path d="M20 14l4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="#fff"/><circle cx="66" cy="60" r="6" fill="#fff"/></pattern></defs>` +
          `<rect width="750" height="750" fill="${wall}"/><rect width="750" height="590" fill="url(#t)"/>` +
          `<path d="M470 160q0-40 40-40 10-30 50-30t50 40q40 0 40 30t-40 30H510q-40 0-40-30z" fill="#fff"/>` +
          `<rect y="590" width="750" height="160" fill="#f3e6d3"/>` +
          `<ellipse cx="400" cy="626" rx="280" ry="46" fill="${wallDeep}"/>` +
          `<ellipse cx="400" cy="626" rx="200" ry="30" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="14 12"/>`,
        floor: 618,
        ink: '#2b2d33',
      };
    case 'outdoor':
      return {
        back:
          `<rect width="750" height="750" fill="#d8efff"/><circle cx="600" cy="150" r="60" fill="#ffe08a"/>` +
          `<path d="M0 470l170-220 130 150 110-120 200 190H0z" fill="#a9c9a0"/>` +
          `<path d="M260 470l150-170 140 110 80-60 120 120z" fill="#8fbf8a"/>` +
          `<rect y="470" width="750" height="280" fill="#b5dc8f"/>` +
          `<path d="M330 750q40-140 160-280h40q-80 140-40 280z" fill="#efe1c2"/>` +
          `<path d="M90 520l30-80 30 80zM640 540l24-70 24 70z" fill="#5fae5a"/>`,
        floor: 610,
        ink: '#2b2d33',
      };
  }
}
