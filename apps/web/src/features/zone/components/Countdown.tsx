import { useEffect, useState } from 'react';
import { formatCountdown } from '../../../core/format.ts';

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
  const [h, m, s] = formatCountdown(left).split(':');
  return (
    <span className="zone-countdown" data-testid="zone-countdown">
      <b>{h}</b>:<b>{m}</b>:<b>{s}</b>
    </span>
  );
}
