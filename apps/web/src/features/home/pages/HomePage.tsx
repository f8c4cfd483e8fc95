import { NewUserPack } from '../../../ui/coupon/NewUserPack.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { ProductFeed } from '../../../ui/product/ProductFeed.tsx';
import { ActivityCards } from '../components/ActivityCards.tsx';
import { BannerSwiper } from '../components/BannerSwiper.tsx';
import { BarrageTicker } from '../components/BarrageTicker.tsx';
import { HomeHeader } from '../components/HomeHeader.tsx';
import { HomePopupDialog } from '../components/HomePopupDialog.tsx';
import { LiveStripSlot } from '../components/LiveStripSlot.tsx';
import { MenuGrid } from '../components/MenuGrid.tsx';
import { SeckillBanner } from '../components/SeckillBanner.tsx';
import '../home.css';

const { reachBottomDistance } = pageConfigFor(PATHS.home);

export default function HomePage() {
  return (
    <div className="home">
      <HomeHeader />
      <BarrageTicker />
      <div className="home__top">
        <BannerSwiper />
        <MenuGrid />
        <ActivityCards />
        <SeckillBanner />
        <NewUserPack />
        <LiveStripSlot />
      </div>
      <h2 className="home__section-title">
        <span>为你推荐</span>
      </h2>
      <ProductFeed threshold={reachBottomDistance} />
      <HomePopupDialog />
    </div>
  );
}
