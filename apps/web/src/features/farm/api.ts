import { get, post } from '../../core/api/client.ts';

/** The farm game (种果树): every number comes from the server. */
export const farmApi = {
  home: () => get('farm/home'),
  fruits: () => get('farm/fruits'),
  plant: (fruitId: number) => post('farm/plant', { fruitId }),
  collect: () => post('farm/collect'),
  share: () => post('farm/share'),
  water: () => post('farm/water'),
  friend: (id: number) => get('farm/friend', { id }),
  help: (friendId: number) => post('farm/help', { friendId }),
  harvest: (b: { treeId: number; addressId?: number; clientKey?: string }) =>
    post('farm/harvest', b),
};

export const farmKeys = {
  home: ['farm', 'home'] as const,
  fruits: ['farm', 'fruits'] as const,
  friend: (id: number) => ['farm', 'friend', id] as const,
};

/** The share link a friend opens to help me (?help=<my user id>). */
export function helpLink(userId: number, farmPath: string): string {
  return `${window.location.origin}${window.location.pathname}#${farmPath}?help=${userId}`;
}

/** A positive user id of ?help=, or null. */
export function helpParam(params: URLSearchParams): number | null {
  const n = Number(params.get('help'));
  return Number.isInteger(n) && n > 0 ? n : null;
}
