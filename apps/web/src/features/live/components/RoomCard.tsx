import type { LiveRoomCard } from '@chaopin/contracts';
import { Link } from 'react-router';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { roomPath } from '../../../ui/live/hooks.ts';
import { NoticeButton } from './NoticeButton.tsx';
import { StateBadge } from './StateBadge.tsx';

/** A room in the lists: cover with its state, title, host; 预告 rooms carry 预约. */
export function RoomCard({ room }: { room: LiveRoomCard }) {
  return (
    <article
      className={room.state === 'notice' ? 'lr-card lr-card--notice' : 'lr-card'}
      data-testid="live-card"
      data-room-id={room.id}
    >
      <Link className="lr-card__link" to={roomPath(room)} aria-label={room.title}>
        <div className="lr-card__cover">
          <Img src={room.cover} alt="" />
          <StateBadge room={room} />
          <div className="lr-card__shade">
            <h3 className="lr-card__title">{room.title}</h3>
          </div>
        </div>
        <div className="lr-card__host">
          <Img
            className="lr-card__avatar"
            src={room.host.avatar}
            fallback={DEFAULT_AVATAR}
            alt=""
          />
          <span className="lr-card__nick">{room.host.nickname}</span>
          {room.likes > 0 && <span className="lr-card__likes">♥ {room.likes}</span>}
        </div>
      </Link>
      {room.state === 'notice' && <NoticeButton roomId={room.id} className="lr-card__notice" />}
    </article>
  );
}

/** The small card of the 为你推荐 row. */
export function RecommendCard({ room }: { room: LiveRoomCard }) {
  return (
    <Link
      className="lr-rec"
      to={roomPath(room)}
      data-testid="live-recommend"
      aria-label={room.title}
    >
      <Img className="lr-rec__cover" src={room.cover} alt="" />
      <StateBadge room={room} compact />
      <div className="lr-rec__foot">
        <Img className="lr-rec__avatar" src={room.host.avatar} fallback={DEFAULT_AVATAR} alt="" />
        <span>{room.host.nickname}</span>
      </div>
    </Link>
  );
}
