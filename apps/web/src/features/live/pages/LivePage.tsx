import type { LiveAd } from '@chaopin/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ErrorBlock, Swiper, Tabs } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { liveIndexQuery, liveListQuery } from '../api.ts';
import { LiveBars } from '../components/LiveBars.tsx';
import { RecommendCard } from '../components/RoomCard.tsx';
import { RoomGrid } from '../components/RoomGrid.tsx';
import '../live.css';

/** An ad's link: in-app paths are routed, web addresses open in a new tab. */
function openAd(ad: LiveAd, navigate: (to: string) => void) {
  if (!ad.link) return;
  if (/^https?:\/\//.test(ad.link)) window.open(ad.link, '_blank', 'noopener');
  else navigate(ad.link.startsWith('/') ? ad.link : `/${ad.link}`);
}

/** 直播 tab: search, the site's ads, categories, recommended rooms, then every room. */
export default function LivePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sortId = Number(params.get('sortId')) || 0;
  const index = useQuery(liveIndexQuery());
  const list = useInfiniteQuery(liveListQuery(sortId));
  const ads = index.data?.ads ?? [];
  const sorts = index.data?.sorts ?? [];
  const recommend = index.data?.recommend ?? [];

  return (
    <div className="live" data-testid="live-page">
      <header className="live-bar">
        <h1 className="live-bar__title">
          <LiveBars className="live-bars--title" />
          直播
        </h1>
        <button
          type="button"
          className="live-bar__search"
          data-testid="live-search-entry"
          onClick={() => navigate(PATHS.liveSearch)}
        >
          <SearchOutline />
          <span>搜索主播、直播间</span>
        </button>
      </header>

      {index.isPending ? (
        // The ads, categories and recommended rooms come first on the page: until they are known
        // nothing below the bar shows, so the room list never jumps down when they arrive.
        <div className="live-ads" aria-hidden="true">
          <span className="live-ads__item sk" />
        </div>
      ) : (
        <>
          {ads.length > 0 && (
            <div className="live-ads">
              <Swiper autoplay loop={ads.length > 1} autoplayInterval={4000}>
                {ads.map((ad) => (
                  <Swiper.Item key={ad.id}>
                    <button
                      type="button"
                      className="live-ads__item"
                      onClick={() => openAd(ad, navigate)}
                      aria-label={ad.title}
                    >
                      <Img src={ad.image} alt={ad.title} loading="eager" />
                    </button>
                  </Swiper.Item>
                ))}
              </Swiper>
            </div>
          )}

          {sorts.length > 0 && (
            <Tabs
              className="live-sorts"
              activeKey={String(sortId)}
              onChange={(key) => setParams(key === '0' ? {} : { sortId: key }, { replace: true })}
            >
              <Tabs.Tab key="0" title="全部" />
              {sorts.map((s) => (
                <Tabs.Tab key={String(s.id)} title={s.name} />
              ))}
            </Tabs>
          )}

          {sortId === 0 && recommend.length > 0 && (
            <section className="live-rec">
              <h2 className="live-section-title">为你推荐</h2>
              <div className="live-rec__row">
                {recommend.map((room) => (
                  <RecommendCard key={room.id} room={room} />
                ))}
              </div>
            </section>
          )}

          <section className="live-all">
            {(sortId !== 0 || recommend.length > 0) && (
              <h2 className="live-section-title">{sortId === 0 ? '全部直播' : '直播'}</h2>
            )}
            <RoomGrid
              query={list}
              empty={
                <div className="live__empty card" data-testid="live-empty">
                  <ErrorBlock
                    status="empty"
                    title="暂无直播"
                    description="主播们正在准备中，晚点再来看看吧"
                  />
                </div>
              }
            />
          </section>
        </>
      )}
    </div>
  );
}
