import type { LiveRoomCard } from '@chaopin/contracts';
import { formatCount } from '../../../core/format.ts';
import { formatNoticeTime } from '../lib/time.ts';
import { LiveBars } from './LiveBars.tsx';

/** 直播中 · 1.2万观看 / 预告 · 明天 20:00 / 回放 · 3456观看. */
export function StateBadge({ room, compact = false }: { room: LiveRoomCard; compact?: boolean }) {
  if (room.state === 'live') {
    return (
      <span className="state-badge state-badge--live" data-testid="state-badge">
        <span className="state-badge__main">
          <LiveBars />
          直播中
        </span>
        {room.online > 0 && (
          <span className="state-badge__sub">{formatCount(room.online)}人在看</span>
        )}
      </span>
    );
  }
  if (room.state === 'notice') {
    return (
      <span className="state-badge state-badge--notice" data-testid="state-badge">
        <span className="state-badge__main">预告</span>
        <span className="state-badge__sub">
          {formatNoticeTime(room.noticeAt)}
          {compact ? '' : '开播'}
        </span>
      </span>
    );
  }
  return (
    <span className="state-badge state-badge--replay" data-testid="state-badge">
      <span className="state-badge__main">
        {room.state === 'ended' && room.hasReplay ? '回放' : room.stateLabel}
      </span>
      {room.viewers > 0 && (
        <span className="state-badge__sub">{formatCount(room.viewers)}观看</span>
      )}
    </span>
  );
}
