import type { ZoneInfo } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { AlertIcon } from '../../../ui/icons.tsx';
import { zonePageQuery } from '../api.ts';
import '../zone.css';
import { ZoneBanner } from './ZoneBanner.tsx';
import { ZoneGoods } from './ZoneGoods.tsx';

/**
 * A zone page: banner and rules, `top` (per page: a countdown, a status card, categories), then
 * the products. The zone's own header comes with the first page of its products.
 */
export function ZoneScreen({
  zoneKey,
  top,
  before,
}: {
  zoneKey: string;
  top?: (zone: ZoneInfo, endsAt: string | null) => ReactNode;
  /** Above the banner (a custom bar). */
  before?: (zone: ZoneInfo | undefined) => ReactNode;
}) {
  const query = useInfiniteQuery(zonePageQuery(zoneKey));
  const first = query.data?.pages[0];
  if (!first) {
    if (query.isError) {
      const gone = isApiError(query.error) && query.error.code === 404;
      return (
        <div className="zone-page">
          {before?.(undefined)}
          <EmptyState
            icon={<AlertIcon />}
            title={gone ? '活动已结束' : '加载失败'}
            description={gone ? '去首页看看其他活动吧' : '点击重试'}
            onClick={gone ? undefined : () => query.refetch()}
          />
        </div>
      );
    }
    return (
      <div className="zone-page">
        {before?.(undefined)}
        <div className="feed-footer">
          <DotLoading color="primary" />
        </div>
      </div>
    );
  }
  const zone = first.zone;
  return (
    <div className="zone-page" style={{ '--zone-theme': zone.theme } as React.CSSProperties}>
      {before?.(zone)}
      <ZoneBanner zone={zone}>{top?.(zone, first.endsAt)}</ZoneBanner>
      <ZoneGoods zoneKey={zoneKey} theme={zone.theme} />
    </div>
  );
}
