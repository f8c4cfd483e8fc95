import type { BarrageItem } from '@chaopin/contracts';
import type { BarrageRepo } from './barrage.repo.ts';

export const BARRAGE_SIZE = 20;

/** Keeps the first half of a nickname (at most all but one character): 潮友_3f9a2b → 潮友_3f****. */
export function maskNickname(nickname: string): string {
  const chars = Array.from(nickname.trim());
  const keep = chars.length <= 1 ? 0 : Math.ceil(chars.length / 2);
  return `${chars.slice(0, keep).join('')}****`;
}

/** The home barrage: recent real purchases, newest first, with masked buyers. */
export class BarrageService {
  constructor(private readonly repo: BarrageRepo) {}

  async latest(): Promise<BarrageItem[]> {
    const rows = await this.repo.latestPurchases(BARRAGE_SIZE);
    return rows.map((r) => ({
      text: `${maskNickname(r.nickname)}刚刚购买了 ${r.title}`,
      avatar: r.avatar,
    }));
  }
}
