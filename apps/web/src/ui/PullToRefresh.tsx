import { DotLoading } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import './pullToRefresh.css';

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

const THRESHOLD = 60;
const HEAD_HEIGHT = 40;
const TEXT: Record<Exclude<Status, 'idle'>, string> = {
  pulling: '下拉刷新',
  canRelease: '释放立即刷新',
  refreshing: '加载中',
  complete: '刷新成功',
};

function scrollTop(): number {
  return document.scrollingElement?.scrollTop ?? window.scrollY;
}

/**
 * Pull-to-refresh on the window scroll, with antd-mobile's texts. A small own version instead of
 * antd-mobile's: that one needs react-spring and use-gesture (~25 KB gzip), which would push the
 * home route over its JS budget.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [height, setHeight] = useState(0);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  const busy = status === 'refreshing' || status === 'complete';

  useEffect(() => {
    const el = root.current;
    if (!el || busy) return;
    let startY: number | null = null;
    let pulled = 0;

    const onStart = (e: TouchEvent) => {
      startY = scrollTop() <= 0 && e.touches.length === 1 ? (e.touches[0]?.clientY ?? null) : null;
      pulled = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = (e.touches[0]?.clientY ?? startY) - startY;
      if (dy <= 0 || scrollTop() > 0) {
        if (pulled > 0) {
          pulled = 0;
          setHeight(0);
        }
        return;
      }
      e.preventDefault(); // the page itself must not scroll or bounce while pulling
      pulled = Math.min(dy * 0.5, 120); // damped, like a rubber band
      setHeight(pulled);
      setStatus(pulled >= THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = async () => {
      if (startY === null) return;
      startY = null;
      if (pulled < THRESHOLD) {
        setHeight(0);
        setStatus('idle');
        return;
      }
      setStatus('refreshing');
      setHeight(HEAD_HEIGHT);
      await refresh.current().catch(() => {});
      setStatus('complete');
      setTimeout(() => {
        setHeight(0);
        setStatus('idle');
      }, 500);
    };

    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [busy]);

  return (
    <div ref={root} className="ptr">
      <div
        className={
          status === 'pulling' || status === 'canRelease'
            ? 'ptr__head'
            : 'ptr__head ptr__head--animate'
        }
        style={{ height }}
        aria-live="polite"
      >
        {status !== 'idle' && (
          <span className="ptr__text">
            {TEXT[status]}
            {status === 'refreshing' && <DotLoading />}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
