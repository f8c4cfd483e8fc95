import type { BargainEditionId } from '@chaopin/contracts';

/**
 * The zero-yuan bargain's two editions share one set of pages (SPEC §2): the same page names
 * under each edition's folder, the folder naming the edition the page shows.
 */
export const EDITION_FOLDERS = {
  normal: 'homeZeroYuan',
  newYear: 'homeZeroYuanNewYear',
} as const satisfies Record<BargainEditionId, string>;

export type EditionFolder = (typeof EDITION_FOLDERS)[BargainEditionId];

export const BARGAIN_PAGES = [
  'homeZeroYuan',
  'homeZeroDetail',
  'homeZeroBargain',
  'helpBargain',
  'thankshelpme',
  'thirdStep',
  'audit',
  'BaskSingle',
] as const;
export type BargainPage = (typeof BARGAIN_PAGES)[number];

export function isBargainPage(name: string | undefined): name is BargainPage {
  return (BARGAIN_PAGES as readonly string[]).includes(name ?? '');
}

/** The edition a route's folder names; null for any other folder. */
export function editionOfFolder(folder: string | undefined): BargainEditionId | null {
  if (folder === EDITION_FOLDERS.normal) return 'normal';
  if (folder === EDITION_FOLDERS.newYear) return 'newYear';
  return null;
}

/** The edition of a hash-route pathname such as /rootPages/homeZeroYuanNewYear/helpBargain. */
export function editionOfPath(pathname: string): BargainEditionId | null {
  return editionOfFolder(pathname.split('/')[2]);
}

/** A page of an edition, with its query (ids). */
export function bargainPath(
  edition: BargainEditionId,
  page: BargainPage,
  query?: Record<string, string | number>,
): string {
  const path = `/rootPages/${EDITION_FOLDERS[edition]}/${page}`;
  if (!query || Object.keys(query).length === 0) return path;
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  return `${path}?${search}`;
}

/**
 * The link a friend opens to help cut: the app's own origin and hash route. The server's
 * `sharePath` is used when it is a full route of ours; otherwise it is rebuilt from the id.
 */
export function shareLink(
  origin: string,
  edition: BargainEditionId,
  bargainId: number,
  sharePath?: string,
): string {
  const fromServer = sharePath?.replace(/^#/, '') ?? '';
  const path =
    fromServer.startsWith('/rootPages/') && editionOfPath(fromServer.split('?')[0] ?? '')
      ? fromServer
      : bargainPath(edition, 'helpBargain', { id: bargainId });
  return `${origin}/#${path}`;
}
