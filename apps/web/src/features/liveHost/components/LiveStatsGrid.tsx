import type { LiveStats } from '@chaopin/contracts';
import { formatCount, formatPrice } from '../../../core/format.ts';
import { formatDuration } from '../shelf.ts';

/** A room's figures: the big three on top (online, GMV, orders), the rest below. */
export function LiveStatsGrid({ stats, live }: { stats: LiveStats; live: boolean }) {
  const cells = [
    { label: '峰值在线', value: formatCount(stats.peakOnline) },
    { label: '累计观看', value: formatCount(stats.viewers) },
    { label: '点赞', value: formatCount(stats.likes) },
    { label: '新增粉丝', value: formatCount(stats.newFollowers) },
    { label: '礼物', value: `${formatCount(stats.gifts)}个` },
    { label: '礼物价值', value: formatPrice(stats.giftAmount) },
  ];
  return (
    <div className="lh-stats" data-testid="live-stats">
      <div className="lh-stats__main">
        <div>
          <strong data-testid="stat-online">{formatCount(stats.online)}</strong>
          <span>{live ? '当前在线' : '结束时在线'}</span>
        </div>
        <div>
          <strong data-testid="stat-gmv">{formatPrice(stats.gmv)}</strong>
          <span>成交金额</span>
        </div>
        <div>
          <strong>{formatCount(stats.orders)}</strong>
          <span>订单数</span>
        </div>
      </div>
      <div className="lh-stats__grid">
        {cells.map((c) => (
          <div key={c.label}>
            <b>{c.value}</b>
            <span>{c.label}</span>
          </div>
        ))}
      </div>
      <div className="lh-stats__foot">已直播 {formatDuration(stats.durationMs)}</div>
    </div>
  );
}
