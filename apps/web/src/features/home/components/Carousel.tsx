import { Children, type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A swipeable, auto-playing banner on native scroll snapping. Lighter than antd-mobile's Swiper,
 * which needs react-spring and use-gesture and would push the home route over its JS budget.
 */
export function Carousel({
  children,
  interval = 4000,
}: {
  children: ReactNode;
  interval?: number;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = Children.count(children);

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || document.hidden) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: next === 0 ? 'auto' : 'smooth' });
    }, interval);
    return () => clearInterval(timer);
  }, [count, interval, paused]);

  const onScroll = () => {
    const el = track.current;
    if (el?.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };

  return (
    <div className="carousel">
      <div
        ref={track}
        className="carousel__track"
        onScroll={onScroll}
        onTouchStart={() => setPaused(true)}
        onTouchEnd={() => setPaused(false)}
      >
        {Children.map(children, (child) => (
          <div className="carousel__slide">{child}</div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__dots" aria-hidden>
          {Array.from({ length: count }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions, nothing else
            <span key={i} className={i === index ? 'is-active' : ''} />
          ))}
        </div>
      )}
    </div>
  );
}
