/** Colours of the fruit by kind (the operator's kinds cycle through them). */
const FRUIT_COLOURS = ['#f5484b', '#ff9f1a', '#8bc34a', '#ffd33d', '#b55bd6'];

export function fruitColour(fruitId: number): string {
  return FRUIT_COLOURS[fruitId % FRUIT_COLOURS.length] ?? '#f5484b';
}

/**
 * The tree as an SVG whose picture follows its stage: 0 a seed in the soil, 1 a sprout, 2 a
 * sapling, 3 a tree in flower, 4 a tree with fruit. `watering` plays the can's pour.
 */
export function FarmTreeArt({
  stage,
  fruitId,
  watering,
}: {
  stage: number;
  fruitId: number;
  watering: boolean;
}) {
  const fruit = fruitColour(fruitId);
  return (
    <svg
      className="farm-art"
      viewBox="0 0 200 200"
      role="img"
      aria-label={`果树第${stage + 1}阶段`}
      data-testid="farm-art"
      data-stage={stage}
    >
      <ellipse cx="100" cy="182" rx="70" ry="12" fill="#8d6e4a" />
      <ellipse cx="100" cy="178" rx="56" ry="8" fill="#a1825c" />
      {stage === 0 && <ellipse cx="100" cy="172" rx="9" ry="6" fill="#6d4c2f" />}
      {stage === 1 && (
        <g className="farm-art__grow">
          <path d="M100 176 V150" stroke="#4caf50" strokeWidth="4" />
          <ellipse cx="90" cy="148" rx="10" ry="5" fill="#66bb6a" transform="rotate(-25 90 148)" />
          <ellipse cx="110" cy="148" rx="10" ry="5" fill="#66bb6a" transform="rotate(25 110 148)" />
        </g>
      )}
      {stage === 2 && (
        <g className="farm-art__grow">
          <path d="M100 176 V115" stroke="#795548" strokeWidth="6" />
          <circle cx="100" cy="108" r="26" fill="#66bb6a" />
          <circle cx="82" cy="120" r="15" fill="#4caf50" />
          <circle cx="118" cy="120" r="15" fill="#4caf50" />
        </g>
      )}
      {stage >= 3 && (
        <g className="farm-art__grow">
          <path
            d="M100 176 V100 M100 130 L78 110 M100 120 L124 100"
            stroke="#6d4c41"
            strokeWidth="9"
            strokeLinecap="round"
          />
          <circle cx="100" cy="78" r="50" fill="#43a047" />
          <circle cx="62" cy="100" r="30" fill="#4caf50" />
          <circle cx="138" cy="100" r="30" fill="#4caf50" />
          {stage === 3 &&
            [
              [80, 60],
              [118, 66],
              [98, 92],
              [60, 100],
              [140, 96],
            ].map(([x, y]) => (
              <circle
                key={`${x}-${y}`}
                cx={x}
                cy={y}
                r="6"
                fill="#fce4ec"
                stroke="#f48fb1"
                strokeWidth="2"
              />
            ))}
          {stage === 4 &&
            [
              [78, 62],
              [120, 60],
              [100, 94],
              [58, 104],
              [142, 100],
              [96, 52],
            ].map(([x, y]) => (
              <circle key={`${x}-${y}`} cx={x} cy={y} r="10" fill={fruit} stroke="#00000022" />
            ))}
        </g>
      )}
      {watering && (
        <g className="farm-art__can">
          <path
            d="M150 20 h26 v20 h-26 z M150 26 l-18 8"
            stroke="#1e88e5"
            strokeWidth="4"
            fill="#64b5f6"
          />
          {[0, 1, 2].map((i) => (
            <circle
              key={i}
              className={`farm-art__drop farm-art__drop--${i}`}
              cx={128 - i * 6}
              cy={44}
              r="3"
              fill="#42a5f5"
            />
          ))}
        </g>
      )}
    </svg>
  );
}
