import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';
import { ZoneScreen } from '../components/ZoneScreen.tsx';

/** homeCpHelpFarmers (助农专区, pull-to-refresh), with the way to 助农好物 (homeSauceWine). */
export function HelpFarmersPage() {
  return (
    <ZoneScreen
      zoneKey={ZONE_PAGE_KEYS.helpFarmers}
      top={() => (
        <Link to={PATHS.zoneSauceWine} className="zone-link" data-testid="zone-sauce-wine-link">
          <span>农家酱香 · 粮油调味 助农好物</span>
          <RightOutline />
        </Link>
      )}
    />
  );
}

/** homeSauceWine: the farm-help goods (农家酱香、粮油). */
export function SauceWinePage() {
  return <ZoneScreen zoneKey={ZONE_PAGE_KEYS.sauceWine} />;
}

/** npnZone: real ¥9.90 SKUs, so what the page shows is what the order charges. */
export function NpnZonePage() {
  return (
    <ZoneScreen
      zoneKey={ZONE_PAGE_KEYS.npn}
      top={() => <p className="zone-note">全场9.9元 · 尝鲜装包邮</p>}
    />
  );
}

/** cpShopMallctivity: 特产美食. */
export function SpecialtyFoodPage() {
  return <ZoneScreen zoneKey={ZONE_PAGE_KEYS.specialtyFood} />;
}
