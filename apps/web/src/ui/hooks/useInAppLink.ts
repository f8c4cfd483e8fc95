import { useCallback } from 'react';
import { PAGE_CONFIG } from '../pageConfig.ts';

/**
 * Banner and menu links are hash-router paths (e.g. /pages/homeClassify/homeClassify?id=3).
 * Only pages that exist in this build are followed; others answer null.
 */
export function inAppTarget(link: string): string | null {
  const path = link.replace(/^#/, '').trim();
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname in PAGE_CONFIG ? path : null;
}

export function useInAppLink(): (link: string) => string | null {
  return useCallback(inAppTarget, []);
}
