import type { SeckillItem } from '@chaopin/contracts';

/** 已抢 N%: the share of the flash stock taken (before the start: how many there are). */
export function SeckillProgress({
  item,
}: {
  item: Pick<SeckillItem, 'state' | 'progress' | 'flashStock'>;
}) {
  if (item.state === 'remind') {
    return <span className="sk-progress sk-progress--upcoming">限量{item.flashStock}件</span>;
  }
  const percent = Math.min(100, Math.max(0, item.progress));
  return (
    <span
      // Under a third the bar is too short for white text: the text turns red on the light track.
      className={percent < 35 ? 'sk-progress sk-progress--low' : 'sk-progress'}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label="已抢"
    >
      <i className="sk-progress__bar" style={{ width: `${percent}%` }} />
      <span className="sk-progress__text">已抢{percent}%</span>
    </span>
  );
}
