import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCount } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import './homeLive.css';
import { homeApi, homeKeys } from '../api.ts';

const ROOMS_SHOWN = 8;

/** The home page's 直播 entry: rooms live now (roomRecommend); none live, no strip. */
export default function HomeLiveStrip() {
  const query = useQuery({
    queryKey: homeKeys.liveStrip,
    queryFn: homeApi.liveRecommend,
    staleTime: 60_000,
    meta: { toast: false },
  });
  const live = (query.data ?? []).filter((r) => r.state === 'live').slice(0, ROOMS_SHOWN);
  if (live.length === 0) return null;
  return (
    <section className="home-live card" aria-label="正在直播" data-testid="home-live">
      <header className="home-live__head">
        <span className="home-live__title">
          <i className="home-live__bars" aria-hidden="true">
            <b />
            <b />
            <b />
          </i>
          正在直播
        </span>
        <Link to={PATHS.live} className="home-live__more">
          更多直播 ›
        </Link>
      </header>
      <div className="home-live__rooms">
        {live.map((room) => (
          <Link
            key={room.id}
            to={`${PATHS.livePlay}?id=${room.id}`}
            className="home-live__room"
            data-testid="home-live-room"
          >
            <span className="home-live__cover-wrap">
              <Img className="home-live__cover" src={room.cover} alt={room.title} />
              <span className="home-live__badge">直播中</span>
              <span className="home-live__online">{formatCount(room.online)}人在看</span>
            </span>
            <span className="home-live__name">{room.title}</span>
            <span className="home-live__host">
              <Img src={room.host.avatar} fallback={DEFAULT_AVATAR} alt="" />
              {room.host.nickname}
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
