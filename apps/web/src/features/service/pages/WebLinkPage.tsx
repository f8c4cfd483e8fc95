import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { APP_NAME, PATHS } from '../../../ui/pageConfig.ts';
import { serviceApi, serviceKeys } from '../api.ts';
import { appRouteOf, WEB_LINK_ROUTES, webLinkSandbox, webLinkTarget } from '../webLink.ts';
import '../service.css';
import { AppNavBar } from '../../../ui/AppNavBar.tsx';

const FIVE_MINUTES = 5 * 60_000;

/**
 * An in-app web view: ?title= in the bar, ?url= in a frame when it is ours or https on the
 * operator's allowed hosts; without ?url= the operator's default link of this web view. A link to
 * one of the app's own screens opens that screen.
 */
export default function WebLinkPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const goBack = useGoBack();
  const config = useQuery({
    queryKey: serviceKeys.webLink,
    queryFn: serviceApi.webLink,
    staleTime: FIVE_MINUTES,
  });
  const preset = config.data?.pages.find((p) => p.key === WEB_LINK_ROUTES[pathname]);
  const raw = params.get('url') ?? preset?.url ?? null;
  const title = (params.get('title') ?? preset?.title)?.trim().slice(0, 30) || APP_NAME;
  const target = config.data ? webLinkTarget(raw, config.data.hosts) : null;
  const route = appRouteOf(target);

  // The layout sets the page config's title in its own effect, which runs after this page's:
  // the link's title goes in once that effect flush is over.
  useEffect(() => {
    queueMicrotask(() => {
      document.title = title === APP_NAME ? APP_NAME : `${title} - ${APP_NAME}`;
    });
  }, [title]);

  if (route && route !== pathname) return <Navigate to={route} replace />;
  return (
    <div className="web-link">
      <header className="app-navbar">
        <AppNavBar onBack={() => goBack(PATHS.home)}>{title}</AppNavBar>
      </header>
      {config.isPending ? (
        <div className="web-link__loading">
          <DotLoading />
        </div>
      ) : target ? (
        <iframe
          className="web-link__frame"
          src={target.url}
          title={title}
          sandbox={webLinkSandbox(target.sameOrigin)}
          referrerPolicy="no-referrer"
          data-testid="web-link-frame"
        />
      ) : (
        <EmptyState icon={<LinkOutline />} title="无法打开该链接" description="链接无效或不安全" />
      )}
    </div>
  );
}
