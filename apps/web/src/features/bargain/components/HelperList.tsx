import type { BargainHelper } from '@chaopin/contracts';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';

/** Everyone who cut, the starter's first knife first, with what they cut. */
export function HelperList({ helpers }: { helpers: BargainHelper[] }) {
  if (helpers.length === 0) {
    return <p className="bg-helpers__empty">还没有好友帮砍，快去邀请吧</p>;
  }
  return (
    <ul className="bg-helpers" aria-label="砍价记录">
      {helpers.map((h) => (
        <li
          key={`${h.createdAt}-${h.nickname}-${h.cut}`}
          className="bg-helper"
          data-testid="bargain-helper"
        >
          <Img className="bg-helper__avatar" src={h.avatar} fallback={DEFAULT_AVATAR} alt="" />
          <div className="bg-helper__body">
            <div className="bg-helper__name">
              {h.nickname}
              {h.isStarter && <span className="bg-tag">首刀</span>}
              {h.isNewUser && <span className="bg-tag bg-tag--new">新人</span>}
            </div>
            <time className="bg-helper__time">{formatDateTime(h.createdAt)}</time>
          </div>
          <span className="bg-helper__cut">砍掉{formatPrice(h.cut)}</span>
        </li>
      ))}
    </ul>
  );
}
