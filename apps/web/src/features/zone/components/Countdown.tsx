import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss until `until`, ticking each second; at zero `onEnd` (the next day's list) runs once. */
export function Countdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  useEffect(() => {
    if (left === 0) onEnd?.();
  }, [left, onEnd]);
  return (
    <span className="zone-countdown" data-testid="zone-countdown">
      <b>{pad(Math.floor(left / 3600))}</b>:<b>{pad(Math.floor((left % 3600) / 60))}</b>:
      <b>{pad(left % 60)}</b>
    </span>
  );
}
