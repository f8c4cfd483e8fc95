import type { SeckillSession } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { Countdown } from '../../../ui/countdown/Countdown.tsx';
import { useSeckillCountdown } from '../../../ui/countdown/useSeckillCountdown.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useRemindToggle } from '../../../ui/seckill/useRemindToggle.ts';
import { seckillItemsQuery, seckillSessionsQuery } from '../api.ts';
import { rushPath, SeckillItemCard } from '../components/SeckillItemCard.tsx';
import { SessionTabs } from '../components/SessionTabs.tsx';
import '../seckill.css';
import { ListStates } from '../../../ui/ListStates.tsx';

/** ?sessionId= when it is listed, else the running session, else the first open or next one. */
export function defaultSession(sessions: SeckillSession[], wanted: number): SeckillSession | null {
  return (
    sessions.find((s) => s.id === wanted) ??
    sessions.find((s) => s.state === 'running') ??
    sessions.find((s) => s.state === 'started') ??
    sessions.find((s) => s.state === 'upcoming') ??
    sessions[0] ??
    null
  );
}

/** 限时秒杀: the day's sessions as tabs, the chosen one's countdown and items. */
export default function SeckillPage() {
  const [params, setParams] = useSearchParams();
  const sessions = useQuery(seckillSessionsQuery());
  const selected = defaultSession(sessions.data?.list ?? [], Number(params.get('sessionId')));

  return (
    <ListStates
      query={sessions}
      isEmpty={!selected}
      empty={
        <EmptyState icon={<ClockCircleOutline />} title="暂无秒杀场次" description="敬请期待" />
      }
    >
      {() =>
        selected && (
          <div className="seckill">
            <header className="sk-head">
              <SessionTabs
                sessions={sessions.data?.list ?? []}
                selectedId={selected.id}
                onSelect={(id) => setParams({ sessionId: String(id) }, { replace: true })}
              />
            </header>
            <SessionItems
              key={selected.id}
              sessionId={selected.id}
              onPhaseChange={sessions.refetch}
            />
          </div>
        )
      }
    </ListStates>
  );
}

function SessionItems({
  sessionId,
  onPhaseChange,
}: {
  sessionId: number;
  onPhaseChange: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const userId = useSession((s) => (s.status === 'out' ? null : (s.user?.id ?? null)));
  const query = useQuery(seckillItemsQuery(sessionId, userId));
  const { toggle, pendingId } = useRemindToggle();
  const data = query.data;
  const { label, seconds } = useSeckillCountdown(data?.session, data?.offsetMs ?? 0, () => {
    // Opened or ended just now: the items' buttons and the tabs' labels change.
    void query.refetch();
    void onPhaseChange();
  });

  return (
    <ListStates query={query} isEmpty={!data} empty={null}>
      {() =>
        data && (
          <>
            <div className="sk-bar">
              <span className="sk-bar__title">{data.session.title}</span>
              {label ? (
                <Countdown label={label} seconds={seconds} />
              ) : (
                <span className="sk-bar__ended">本场已结束</span>
              )}
            </div>
            {data.list.length === 0 ? (
              <EmptyState title="本场暂无商品" description="去看看其他场次吧" />
            ) : (
              <div className="sk-list">
                {data.list.map((item) => (
                  <SeckillItemCard
                    key={item.id}
                    item={item}
                    busy={pendingId === item.id}
                    onRemind={toggle}
                    onBuy={(it) => navigate(rushPath(it.id))}
                  />
                ))}
              </div>
            )}
          </>
        )
      }
    </ListStates>
  );
}
