import type { SeckillSession } from '@chaopin/contracts';
import { useEffect, useRef } from 'react';
import { hhmm } from '../../../ui/countdown/clock.ts';

/** The strip of sessions (time and 抢购中 / 即将开始 …); the chosen one is scrolled into view. */
export function SessionTabs({
  sessions,
  selectedId,
  onSelect,
}: {
  sessions: SeckillSession[];
  selectedId: number;
  onSelect: (id: number) => void;
}) {
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const nav = strip.current;
    const tab = nav?.querySelector<HTMLElement>(`[data-session="${selectedId}"]`);
    if (!nav || !tab) return;
    // Centre it without scrolling the page (scrollIntoView would move the window too).
    nav.scrollLeft = tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2;
  }, [selectedId]);

  return (
    <div className="sk-tabs" role="tablist" aria-label="秒杀场次" ref={strip}>
      {sessions.map((s) => (
        <button
          type="button"
          role="tab"
          key={s.id}
          aria-selected={s.id === selectedId}
          className={`sk-tab sk-tab--${s.state}`}
          data-testid="seckill-session"
          data-session={s.id}
          onClick={() => onSelect(s.id)}
        >
          <span className="sk-tab__time">{hhmm(s.startAt)}</span>
          <span className="sk-tab__label">{s.label}</span>
        </button>
      ))}
    </div>
  );
}
