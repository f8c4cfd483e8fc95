import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../core/session.ts';
import { PageLoading } from '../ui/PageLoading.tsx';
import { loginPath } from '../ui/pageConfig.ts';
import { showToast } from '../ui/toast.ts';

export const LOGIN_FIRST = '请先登录';

/**
 * The login gate: while the stored token is being checked it waits; a logged-out user sees
 * 请先登录 and is sent to the login page, which brings them back here afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  const navigate = useNavigate();
  const from = location.pathname + location.search;

  useEffect(() => {
    if (status !== 'out') return;
    showToast(LOGIN_FIRST);
    navigate(loginPath(from), { replace: true });
  }, [status, from, navigate]);

  if (status === 'in') return children;
  if (status === 'checking') return <PageLoading />;
  return null;
}
