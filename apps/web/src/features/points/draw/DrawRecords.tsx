import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../../core/format.ts';
import { drawResultsQuery } from './api.ts';
import { prizeAction } from './DrawResultDialog.tsx';
import { costText } from './wheel-math.ts';

/** 我的中奖记录: every spin of mine, newest first, with where to use or claim what it gave. */
export function DrawRecords() {
  const records = useQuery(drawResultsQuery());
  const list = records.data?.list ?? [];
  return (
    <section className="dr-card" aria-label="我的中奖记录" data-testid="draw-records">
      <h3>我的中奖记录</h3>
      {list.length === 0 && (
        <p className="dr-empty">{records.isPending ? '加载中…' : '暂无记录，快去抽奖吧'}</p>
      )}
      <ul className="dr-records">
        {list.map((r) => {
          const action = prizeAction(r);
          return (
            <li key={r.id} data-testid="draw-record">
              <div className="dr-records__main">
                <strong className={r.kind === 'nothing' ? 'is-miss' : undefined}>{r.title}</strong>
                <small>
                  {formatDateTime(r.createdAt)} · {costText(r.costKind, r.costPoints)}
                </small>
              </div>
              {action && (
                <Link className="dr-records__action" to={action.to}>
                  {action.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
