import { useQuery } from '@tanstack/react-query';
import { useNoticeToggle, useViewerId } from '../../../ui/live/hooks.ts';
import { liveIsNoticeQuery } from '../api.ts';

/** 预约 / 已预约 of a 预告 room (signed-out viewers are sent to log in). */
export function NoticeButton({
  roomId,
  known,
  className = '',
}: {
  roomId: number;
  /** The state when the page already knows it (getRoomInfo's isNotice). */
  known?: boolean;
  className?: string;
}) {
  const who = useViewerId();
  const query = useQuery(liveIsNoticeQuery(roomId, who));
  const on = query.data ?? known ?? false;
  const { toggle, pending } = useNoticeToggle();
  return (
    <button
      type="button"
      className={`notice-btn ${on ? 'is-on' : ''} ${className}`}
      data-testid="notice-button"
      disabled={pending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        toggle(roomId, !on);
      }}
    >
      {on ? '已预约' : '预约'}
    </button>
  );
}
