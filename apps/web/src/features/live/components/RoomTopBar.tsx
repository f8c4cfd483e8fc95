import type { LiveHost } from '@chaopin/contracts';
import { CloseOutline, StarFill } from 'antd-mobile-icons';
import { formatCount } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';

/** Host chip with 关注, the online count, 贡献榜 and the close button. */
export function RoomTopBar({
  host,
  likes,
  online,
  showFollow,
  followPending,
  onFollow,
  onRanking,
  onClose,
}: {
  host: LiveHost;
  likes: number;
  online: number;
  showFollow: boolean;
  followPending: boolean;
  onFollow: () => void;
  onRanking: () => void;
  onClose: () => void;
}) {
  return (
    <div className="lp-top">
      <div className="lp-top__row">
        <div className="lp-host" data-testid="live-host">
          <Img className="lp-host__avatar" src={host.avatar} fallback={DEFAULT_AVATAR} alt="" />
          <div className="lp-host__text">
            <span className="lp-host__nick">{host.nickname}</span>
            <span className="lp-host__sub" data-testid="live-likes">
              {formatCount(likes)}本场点赞
            </span>
          </div>
          {showFollow && (
            <button
              type="button"
              className="lp-host__follow"
              data-testid="live-follow"
              disabled={followPending}
              onClick={onFollow}
            >
              关注
            </button>
          )}
        </div>
        <div className="lp-top__right">
          <span className="lp-online" data-testid="live-online">
            {formatCount(online)}人
          </span>
          <button type="button" className="lp-close" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </div>
      </div>
      <div className="lp-top__chips">
        <button type="button" className="lp-chip" data-testid="live-ranking" onClick={onRanking}>
          <StarFill /> 贡献榜
        </button>
      </div>
    </div>
  );
}
