import type { DrawWheelData } from '@chaopin/contracts';
import { SPIN_MS, wheelGradient } from './wheel-math.ts';

interface Props {
  prizes: DrawWheelData['prizes'];
  /** Degrees the wheel is turned (grows with each spin; the transition animates the change). */
  rotation: number;
  spinning: boolean;
  /** The button in the middle. */
  button: React.ReactNode;
}

/**
 * The prize wheel: a conic gradient of one slice per prize, each prize's name along its slice's
 * middle, a fixed pointer at the top. The result comes from the server; the wheel only turns to it.
 */
export function DrawWheel({ prizes, rotation, spinning, button }: Props) {
  const slice = 360 / Math.max(1, prizes.length);
  return (
    <div className="dr-wheel" data-testid="draw-wheel">
      <div className="dr-wheel__pointer" aria-hidden="true" />
      <div
        className="dr-wheel__disc"
        data-testid="draw-disc"
        data-spinning={spinning ? '1' : '0'}
        style={{
          background: wheelGradient(prizes.length),
          transform: `rotate(${rotation}deg)`,
          transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)` : 'none',
        }}
      >
        {prizes.map((p, i) => (
          <div
            key={p.id}
            className="dr-wheel__slot"
            style={{ transform: `rotate(${(i + 0.5) * slice}deg)` }}
            data-testid="draw-slot"
          >
            <span className={p.soldOut ? 'is-out' : undefined}>
              {p.title}
              {p.soldOut && <small>已抽完</small>}
            </span>
          </div>
        ))}
      </div>
      <div className="dr-wheel__hub">{button}</div>
    </div>
  );
}
