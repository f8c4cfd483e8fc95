import { useEffect, useState } from 'react';

/**
 * False until a frame has been painted after `ready` became true (a frame, then a task; at most
 * 200 ms in a background tab, which paints no frame). What renders before it is on screen before
 * the work that waits for it starts: e.g. a page's first screen before the chunks of the rest.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    const fallback = setTimeout(() => setPainted(true), 200);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}
