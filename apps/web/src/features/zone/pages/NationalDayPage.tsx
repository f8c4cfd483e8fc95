import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { AppNavBar } from '../../../ui/AppNavBar.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { ZoneScreen } from '../components/ZoneScreen.tsx';

/** homeNationalday: its own bar in the activity's colour (custom bar, pull-to-refresh). */
export default function NationalDayPage() {
  const goBack = useGoBack();
  return (
    <ZoneScreen
      zoneKey={ZONE_PAGE_KEYS.nationalDay}
      before={(zone) => (
        <header className="app-navbar zone-navbar" style={{ background: zone?.theme ?? '#D7000F' }}>
          <AppNavBar onBack={() => goBack(PATHS.home)}>{zone?.title ?? '国庆特惠'}</AppNavBar>
        </header>
      )}
    />
  );
}
