import { ZONE_PAGE_KEYS } from '@chaopin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { zoneKeys } from '../api.ts';
import { Countdown } from '../components/Countdown.tsx';
import { ZoneScreen } from '../components/ZoneScreen.tsx';

/** 每日特卖: today's list (chosen by the server per China-time day) and the time to the next one. */
export default function DailySalePage() {
  const queryClient = useQueryClient();
  const nextDay = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: zoneKeys.page(ZONE_PAGE_KEYS.dailySale) });
  }, [queryClient]);
  return (
    <ZoneScreen
      zoneKey={ZONE_PAGE_KEYS.dailySale}
      top={(_zone, endsAt) =>
        endsAt && (
          <p className="zone-note">
            距本场结束 <Countdown until={endsAt} onEnd={nextDay} />
          </p>
        )
      }
    />
  );
}
