import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { barrageQuery } from '../api.ts';

const INTERVAL_MS = 3000;

/** A small ticker of recent real purchases floating over the feed; nothing when there are none. */
export function BarrageTicker() {
  const { data: items } = useQuery(barrageQuery());
  const [index, setIndex] = useState(0);
  const count = items?.length ?? 0;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (!items || count === 0) return null;
  const item = items[index % count];
  if (!item) return null;
  return (
    <div className="home-barrage" role="status" aria-live="polite" aria-label="最新购买">
      <div key={index} className="home-barrage__item">
        <Img className="home-barrage__avatar" src={item.avatar} fallback={DEFAULT_AVATAR} alt="" />
        <span className="home-barrage__text">{item.text}</span>
      </div>
    </div>
  );
}
