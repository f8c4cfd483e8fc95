import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back `steps` pages when the history has them, else replace with `fallback` — a page opened from
 * a link or after a reload must not step out of the app.
 */
export function useGoBack(): (fallback: string, steps?: number) => void {
  const navigate = useNavigate();
  return useCallback(
    (fallback: string, steps = 1) => {
      // react-router keeps the position in the session history under state.idx.
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx >= steps) navigate(-steps);
      else navigate(fallback, { replace: true });
    },
    [navigate],
  );
}
