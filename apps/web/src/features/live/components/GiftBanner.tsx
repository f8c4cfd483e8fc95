import type { LiveGift } from '@chaopin/contracts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';

export interface GiftShow {
  key: number;
  nickname: string;
  avatar: string;
  gift: LiveGift;
  count: number;
}

/** A gift sliding in over the chat (tier 1-2), or filling the screen (tier 3). */
export function GiftBanner({ show }: { show: GiftShow | null }) {
  if (!show) return null;
  return (
    <>
      <div key={show.key} className="gift-banner" data-testid="gift-banner">
        <Img className="gift-banner__avatar" src={show.avatar} fallback={DEFAULT_AVATAR} alt="" />
        <div className="gift-banner__text">
          <span className="gift-banner__nick">{show.nickname}</span>
          <span>送出 {show.gift.name}</span>
        </div>
        <Img className="gift-banner__icon" src={show.gift.icon} alt="" />
        <span className="gift-banner__count">×{show.count}</span>
      </div>
      {show.gift.tier >= 3 && (
        <div key={`big-${show.key}`} className="gift-full" aria-hidden="true">
          <Img src={show.gift.icon} alt="" />
        </div>
      )}
    </>
  );
}
