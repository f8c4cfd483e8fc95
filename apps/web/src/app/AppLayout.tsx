import { useCallback, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { useSession } from '../core/session.ts';
import { AppNavBar } from '../ui/AppNavBar.tsx';
import { useAppShow } from '../ui/appShow.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { APP_NAME, navBarHeight, PATHS, pageConfigFor } from '../ui/pageConfig.ts';
import { useRemoveStaticShell } from '../ui/StaticShell.tsx';
import { AppTabBar } from './AppTabBar.tsx';
import { RequireLogin } from './RequireLogin.tsx';

export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const config = pageConfigFor(location.pathname);
  useRemoveStaticShell();
  const check = useSession((s) => s.check);
  const onShow = useCallback(() => {
    void check();
  }, [check]);
  useAppShow(onShow);

  useEffect(() => {
    document.title = config.title === APP_NAME ? APP_NAME : `${config.title} - ${APP_NAME}`;
  }, [config.title]);

  // A page opened directly (shared link, reload) has nothing to go back to: go home instead.
  const back = () => (location.key === 'default' ? navigate(PATHS.home) : navigate(-1));

  const page = (
    <PageFrame key={location.pathname} pullToRefresh={Boolean(config.pullToRefresh)}>
      <Outlet />
    </PageFrame>
  );

  return (
    <div
      className={config.tab ? 'app app--tabbed' : 'app'}
      style={{ ['--nav-bar-height' as string]: `${navBarHeight(config)}px` }}
    >
      {navigation.state === 'loading' && (
        <div className="app-progress" role="progressbar" aria-label="加载中" />
      )}
      {!config.customNavBar && (
        <header className="app-navbar">
          <AppNavBar back={config.tab ? null : ''} onBack={back}>
            {config.title}
          </AppNavBar>
        </header>
      )}
      <main className="app-main">
        {config.requiresLogin ? <RequireLogin>{page}</RequireLogin> : page}
      </main>
      {config.tab && <AppTabBar />}
      <ScrollRestoration />
    </div>
  );
}
