import { Button } from 'antd-mobile';
import { useRouteError } from 'react-router';
import { EmptyState } from './EmptyState.tsx';
import { AlertIcon } from './icons.tsx';
import { useRemoveStaticShell } from './StaticShell.tsx';

/** A page chunk that failed to load (offline, new deploy) or a render error: offer a reload. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  useRemoveStaticShell();
  return (
    <div className="route-error">
      <EmptyState icon={<AlertIcon />} title="页面加载失败" description="请检查网络后重试">
        <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </EmptyState>
    </div>
  );
}
