import type { LiveRoomCard } from '@chaopin/contracts';
import { useNow } from '../../../ui/hooks/useNow.ts';
import { countdownParts, formatNoticeTime } from '../lib/time.ts';
import { NoticeButton } from './NoticeButton.tsx';

/** A 预告 room: its title, the countdown to the start and 预约. */
export function NoticePanel({ room, isNotice }: { room: LiveRoomCard; isNotice: boolean }) {
  const now = useNow();
  const at = room.noticeAt ? Date.parse(room.noticeAt) : Number.NaN;
  const left = Number.isNaN(at) ? null : countdownParts(at, now);
  return (
    <div className="lp-notice" data-testid="live-notice-panel">
      <span className="lp-notice__tag">直播预告</span>
      <h2 className="lp-notice__title">{room.title}</h2>
      {left && !left.done ? (
        <>
          <p className="lp-notice__label">距离开播还有</p>
          <div className="lp-notice__clock" data-testid="live-countdown">
            {left.days > 0 && (
              <>
                <b>{left.days}</b>
                <i>天</i>
              </>
            )}
            <b>{left.hours}</b>
            <i>:</i>
            <b>{left.minutes}</b>
            <i>:</i>
            <b>{left.seconds}</b>
          </div>
        </>
      ) : (
        <p className="lp-notice__label">主播马上就来，请稍候…</p>
      )}
      <p className="lp-notice__time">开播时间 {formatNoticeTime(room.noticeAt)}</p>
      <NoticeButton roomId={room.id} known={isNotice} className="lp-notice__btn" />
    </div>
  );
}
