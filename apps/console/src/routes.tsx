import { Authenticated, CanAccess } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import Home from './pages/Home.tsx';
import NotFound from './pages/NotFound.tsx';
import { RESOURCES } from './resources/index.ts';
import { pagePath } from './resources/registry.ts';
import type { PageKind, PageLoader } from './resources/types.ts';

const Login = lazy(() => import('./pages/login/LoginPage.tsx'));

const loading = <Spin size="large" style={{ display: 'block', margin: '160px auto' }} />;

/** One lazy page per loader (made once, so a page keeps its state across renders). */
const pages = new Map<PageLoader, ComponentType>();
function pageOf(loader: PageLoader): ComponentType {
  let page = pages.get(loader);
  if (!page) {
    page = lazy(loader);
    pages.set(loader, page);
  }
  return page;
}

const ACTIONS: Record<PageKind, string> = {
  list: 'list',
  show: 'show',
  edit: 'edit',
  create: 'create',
};

/** Each registered resource's pages, each behind its permission (a typed URL is no way in). */
function resourceRoutes(): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const resource of RESOURCES) {
    for (const [kind, loader] of Object.entries(resource.pages) as [PageKind, PageLoader][]) {
      const Page = pageOf(loader);
      routes.push({
        path: pagePath(resource, kind),
        element: (
          <CanAccess resource={resource.name} action={ACTIONS[kind]} fallback={<NotFound />}>
            <Suspense fallback={loading}>
              <Page />
            </Suspense>
          </CanAccess>
        ),
      });
    }
  }
  return routes;
}

/** The signed-in console: sider menu, top bar, the page. */
function Shell() {
  return (
    <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
      <ConsoleLayout>
        <Outlet />
      </ConsoleLayout>
    </Authenticated>
  );
}

/** The login page, for visitors only (a signed-in user goes to the console). */
function LoginGate() {
  return (
    <Authenticated
      key="login"
      fallback={
        <Suspense fallback={loading}>
          <Login />
        </Suspense>
      }
    >
      <Navigate to="/" replace />
    </Authenticated>
  );
}

export function consoleRoutes(): RouteObject[] {
  return [
    {
      element: <Shell />,
      children: [
        { index: true, element: <Home /> },
        ...resourceRoutes(),
        { path: '*', element: <NotFound /> },
      ],
    },
    { path: '/login', element: <LoginGate /> },
  ];
}
