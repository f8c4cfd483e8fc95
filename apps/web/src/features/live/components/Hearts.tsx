import { HeartFill } from 'antd-mobile-icons';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';

const COLORS = [
  '#ff4d6d',
  '#ff8fab',
  '#ffb703',
  '#fb5607',
  '#c77dff',
  '#4cc9f0',
  '#ff006e',
  '#80ed99',
];
/** Hearts on screen at once: taps past this add to the count but not to the picture. */
const MAX_ON_SCREEN = 24;

export interface HeartsHandle {
  burst: (n?: number) => void;
}

interface Heart {
  id: number;
  color: string;
  drift: number;
  delay: number;
}

/** The hearts floating up from the like button. */
export const Hearts = forwardRef<HeartsHandle>(function Hearts(_props, ref) {
  const [hearts, setHearts] = useState<Heart[]>([]);
  const next = useRef(1);
  useImperativeHandle(ref, () => ({
    burst(n = 1) {
      setHearts((old) => {
        const added: Heart[] = [];
        for (let i = 0; i < n; i++) {
          added.push({
            id: next.current++,
            color: COLORS[Math.floor(Math.random() * COLORS.length)] as string,
            drift: Math.round((Math.random() - 0.5) * 70),
            delay: i * 120,
          });
        }
        return [...old, ...added].slice(-MAX_ON_SCREEN);
      });
    },
  }));
  return (
    <div className="hearts" aria-hidden="true">
      {hearts.map((h) => (
        <span
          key={h.id}
          className="hearts__one"
          style={{
            ['--drift' as string]: `${h.drift}px`,
            color: h.color,
            animationDelay: `${h.delay}ms`,
          }}
          onAnimationEnd={() => setHearts((old) => old.filter((x) => x.id !== h.id))}
        >
          <HeartFill />
        </span>
      ))}
    </div>
  );
});
