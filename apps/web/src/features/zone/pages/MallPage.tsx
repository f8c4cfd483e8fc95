import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { MallCategories } from '../components/MallCategories.tsx';
import { ZoneScreen } from '../components/ZoneScreen.tsx';

/** cpShopMall: the mall's banner, its categories and its goods. */
export default function MallPage() {
  return <ZoneScreen zoneKey={ZONE_PAGE_KEYS.shopMall} top={() => <MallCategories all />} />;
}
