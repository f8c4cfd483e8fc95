import type { LiveRankPeriod, LiveRankRow } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, Popup, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { formatPrice } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { liveRankingQuery } from '../api.ts';

const PERIODS: { key: LiveRankPeriod; title: string }[] = [
  { key: 'day', title: '日榜' },
  { key: 'week', title: '周榜' },
  { key: 'total', title: '总榜' },
];

function Row({ row, mine }: { row: LiveRankRow; mine?: boolean }) {
  return (
    <div className={mine ? 'rank-row is-mine' : 'rank-row'} data-testid="rank-row">
      <span className={`rank-row__no rank-row__no--${row.rank <= 3 ? row.rank : 'n'}`}>
        {row.rank}
      </span>
      <Img className="rank-row__avatar" src={row.avatar} fallback={DEFAULT_AVATAR} alt="" />
      <span className="rank-row__nick">{mine ? `${row.nickname}（我）` : row.nickname}</span>
      <span className="rank-row__amount">贡献 {formatPrice(row.amount)}</span>
    </div>
  );
}

/** 贡献榜: who gave the room the most in gifts, today / this week / ever. */
export function RankingSheet({
  roomId,
  visible,
  onClose,
}: {
  roomId: number;
  visible: boolean;
  onClose: () => void;
}) {
  const [period, setPeriod] = useState<LiveRankPeriod>('day');
  const query = useQuery({ ...liveRankingQuery(roomId, period), enabled: visible });
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="lp-sheet rank-sheet"
    >
      <header className="rank-sheet__head">贡献榜</header>
      <Tabs activeKey={period} onChange={(k) => setPeriod(k as LiveRankPeriod)}>
        {PERIODS.map((p) => (
          <Tabs.Tab key={p.key} title={p.title} />
        ))}
      </Tabs>
      <div className="rank-sheet__list" data-testid="rank-list">
        {query.isPending ? (
          <div className="shelf-sheet__empty">
            <DotLoading color="primary" />
          </div>
        ) : (query.data?.list.length ?? 0) === 0 ? (
          <p className="shelf-sheet__empty">还没有人送礼物，快来当第一名吧</p>
        ) : (
          query.data?.list.map((row) => <Row key={row.userId} row={row} />)
        )}
      </div>
      {query.data?.mine && (
        <div className="rank-sheet__mine">
          <Row row={query.data.mine} mine />
        </div>
      )}
    </Popup>
  );
}
