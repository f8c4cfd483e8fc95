import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `start(n)`'s end; computed from a deadline so a hidden tab stays exact. */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState(0);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (!deadline) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setDeadline(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((s: number) => setDeadline(Date.now() + s * 1000), []);
  return { seconds, start };
}
