import { Refine } from '@refinedev/core';
import routerProvider, {
  DocumentTitleHandler,
  UnsavedChangesNotifier,
} from '@refinedev/react-router';
import { Outlet } from 'react-router';
import { createAccessControl } from './providers/access.ts';
import { authProvider, currentIdentity } from './providers/auth.ts';
import { dataProvider } from './providers/data.ts';
import { i18nProvider } from './providers/i18n.ts';
import { useNotificationProvider } from './providers/notification.ts';
import { permissionKeysOf, refineResources, resourceOf } from './resources/registry.ts';

const resources = refineResources();
const accessControlProvider = createAccessControl(
  async () => (await currentIdentity()).permissions,
  permissionKeysOf,
);

function title({ resource }: { resource?: { name: string } }): string {
  const label = resource ? resourceOf(resource.name)?.label : undefined;
  return label ? `${label} · 潮品直播管理后台` : '潮品直播 · 管理后台';
}

/** refine over our providers; the router's pages render in its Outlet. */
export function App() {
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        disableTelemetry: true,
        reactQuery: {
          clientConfig: { defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } },
        },
      }}
    >
      <Outlet />
      <UnsavedChangesNotifier />
      <DocumentTitleHandler handler={title} />
    </Refine>
  );
}
