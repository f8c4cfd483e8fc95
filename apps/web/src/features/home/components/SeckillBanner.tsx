import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { Countdown } from '../../../ui/countdown/Countdown.tsx';
import { hhmm } from '../../../ui/countdown/clock.ts';
import { useSeckillCountdown } from '../../../ui/countdown/useSeckillCountdown.ts';
import { Img } from '../../../ui/Img.tsx';
import { RightIcon } from '../../../ui/icons.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { placeholders } from '../../../ui/Skeleton.tsx';
import { seckillBannerQuery } from '../../../ui/seckill/bannerQuery.ts';

const ITEMS_SHOWN = 4;

/**
 * The home page's 限时秒杀 entry: the running (else next) session's time and countdown, and its
 * first items with their flash prices. Its data is asked for after the first render, like the
 * home's other sections; no session, no entry.
 */
export function SeckillBanner() {
  const query = useQuery(seckillBannerQuery());
  const navigate = useNavigate();
  const data = query.data;
  const session = data?.session ?? null;
  const { label, seconds } = useSeckillCountdown(session, data?.offsetMs ?? 0, () => {
    void query.refetch();
  });

  if (query.isPending) {
    // The entry's shape, so that nothing below moves when a session arrives.
    return (
      <div className="home-seckill card" aria-hidden="true">
        <span className="home-seckill__head">
          <span className="home-seckill__title">限时秒杀</span>
        </span>
        <span className="home-seckill__items">
          {placeholders(ITEMS_SHOWN).map((key) => (
            <span key={key} className="home-seckill__item">
              <span className="home-seckill__image sk" />
              <span className="home-seckill__price">{'\u00a0'}</span>
              <s className="home-seckill__origin">{'\u00a0'}</s>
            </span>
          ))}
        </span>
      </div>
    );
  }
  if (!session) return null;
  return (
    <button
      type="button"
      className="home-seckill card"
      aria-label="限时秒杀"
      data-testid="home-seckill"
      onClick={() => navigate(`${PATHS.seckill}?sessionId=${session.id}`)}
    >
      <span className="home-seckill__head">
        <span className="home-seckill__title">限时秒杀</span>
        <span className="home-seckill__session">{hhmm(session.startAt)}场</span>
        {label && <Countdown label={label} seconds={seconds} />}
        <span className="home-seckill__more">
          更多
          <RightIcon />
        </span>
      </span>
      <span className="home-seckill__items">
        {(data?.list ?? []).slice(0, ITEMS_SHOWN).map((item) => (
          <span key={item.id} className="home-seckill__item">
            <Img className="home-seckill__image" src={item.image} alt={item.title} />
            <span className="home-seckill__price">{formatPrice(item.flashPrice)}</span>
            <s className="home-seckill__origin">{formatPrice(item.price)}</s>
          </span>
        ))}
        {placeholders(Math.max(0, ITEMS_SHOWN - (data?.list.length ?? 0))).map((key) => (
          <span key={key} className="home-seckill__item" aria-hidden="true" />
        ))}
      </span>
    </button>
  );
}
