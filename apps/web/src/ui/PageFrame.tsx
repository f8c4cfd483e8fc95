import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { PullToRefresh } from './PullToRefresh.tsx';

type Refresh = () => Promise<unknown>;
const RefreshContext = createContext<(fn: Refresh | null) => void>(() => {});

/**
 * Wraps a page whose config asks for pull-to-refresh. By default a pull refetches every query the
 * page shows; a page with other state to reload registers its own function with usePageRefresh.
 */
export function PageFrame({
  pullToRefresh,
  children,
}: {
  pullToRefresh: boolean;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const custom = useRef<Refresh | null>(null);
  const register = useCallback((fn: Refresh | null) => {
    custom.current = fn;
  }, []);
  const onRefresh = useCallback(async () => {
    await (custom.current
      ? custom.current()
      : queryClient.refetchQueries({ type: 'active' })
    ).catch(() => {});
  }, [queryClient]);
  const content = useMemo(
    () => <RefreshContext.Provider value={register}>{children}</RefreshContext.Provider>,
    [register, children],
  );
  if (!pullToRefresh) return content;
  return <PullToRefresh onRefresh={onRefresh}>{content}</PullToRefresh>;
}

export function usePageRefresh(fn: Refresh): void {
  const register = useContext(RefreshContext);
  useEffect(() => {
    register(fn);
    return () => register(null);
  }, [register, fn]);
}
