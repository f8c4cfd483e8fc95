import {
  FARM_SOURCE_TEXT,
  FARM_STAGE_NAMES,
  type FarmFriendData,
  type FarmHomeData,
  type FarmTree,
} from '@chaopin/contracts';
import { chinaDay } from '../../platform/china-time.ts';
import { AppError } from '../../platform/errors.ts';
import { maskNickname } from '../order/index.ts';
import type { FarmRepo } from './farm.repo.ts';
import { type FarmRules, helpRef, toTree } from './farm-rules.ts';

const LOG_SIZE = 20;

/** What the player reads: their farm, a friend's farm, one of their trees. */
export class FarmViews {
  constructor(
    private readonly repo: FarmRepo,
    private readonly rules: FarmRules,
  ) {}

  async home(userId: number, now = new Date()): Promise<FarmHomeData> {
    const today = chinaDay(now);
    const [tree, kettle, log, counts] = await Promise.all([
      this.repo.current(userId),
      this.repo.kettle(userId),
      this.repo.log(userId, LOG_SIZE),
      this.repo.dayCounts(userId, today),
    ]);
    const r = this.rules;
    return {
      userId,
      tree: tree ? toTree(tree) : null,
      kettle: kettle.water,
      kettleDebt: kettle.debt,
      today,
      tasks: {
        dailyWater: r.dailyWater,
        collectedToday: (counts.get('daily') ?? 0) > 0,
        orderWater: r.orderWater,
        ordersToday: counts.get('order') ?? 0,
        helpWater: r.helpWater,
        helpsToday: counts.get('help') ?? 0,
        shareWater: r.shareWater,
        sharedToday: (counts.get('share') ?? 0) > 0,
        waterStep: r.waterStep,
      },
      log: log.map((l) => ({
        id: l.id,
        source: l.source,
        sourceText: FARM_SOURCE_TEXT[l.source],
        amount: l.amount,
        createdAt: l.created_at.toISOString(),
      })),
      stageNames: [...FARM_STAGE_NAMES],
    };
  }

  /** The friend's farm as a help link shows it. */
  async friend(userId: number, friendId: number, now = new Date()): Promise<FarmFriendData> {
    const friend = await this.repo.user(friendId);
    if (!friend) throw new AppError('FARM_FRIEND_NOT_FOUND');
    const t = await this.repo.current(friendId);
    const tree = t ? toTree(t) : null;
    return {
      friendId,
      friendName: maskNickname(friend.nickname || '好友'),
      fruitName: tree?.fruitName ?? null,
      stageName: tree?.stageName ?? null,
      percent: tree?.percent ?? 0,
      helpedToday: Boolean(
        await this.repo.hasLog('help', helpRef(userId, friendId, chinaDay(now))),
      ),
      self: userId === friendId,
    };
  }

  /** One tree of the user's (any state). */
  async tree(userId: number, id: number): Promise<FarmTree> {
    const t = await this.repo.tree(id, userId);
    if (!t) throw new AppError('FARM_TREE_NOT_FOUND');
    return toTree(t);
  }
}
