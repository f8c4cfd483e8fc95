import { randomUUID } from 'node:crypto';
import type { CardExchangeData, CardGiveBody, CardGiveData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SendNotice } from '../message/index.ts';
import { REWARD_LINKS, type RewardsService } from '../rewards/index.ts';
import type { CardsRepo } from './cards.repo.ts';
import type { CardCampaigns } from './cards-campaigns.service.ts';
import { maskPhone, requireActive, rewardOf } from './cards-rules.ts';

/** The page a receiver's 消息中心 notice opens. */
export const CARDS_PAGE = '/rootPages/integral/cards';

/**
 * The player's moves of cards: a gift to another user and a full set exchanged for the reward.
 * Every movement is a conditional UPDATE of a count row (never below zero) with its log row in
 * one transaction; exchanging is keyed by (user, campaign, seq), so taps, retries and nodes
 * cannot double anything.
 */
export class CardsMoves {
  constructor(
    private readonly db: Db,
    private readonly repo: CardsRepo,
    private readonly campaigns: CardCampaigns,
    private readonly rewards: RewardsService,
    private readonly sendNotice: SendNotice,
  ) {}

  /**
   * One card of a kind to another registered user (by phone or id, never oneself): the giver's
   * count goes down only if it is above zero, the receiver's up, both logged, in one transaction;
   * the receiver finds a notice in 消息中心.
   */
  async give(userId: number, b: CardGiveBody, now = new Date()): Promise<CardGiveData> {
    const c = await this.campaigns.campaignRow(b.campaignId);
    requireActive(c, now);
    const kind = await this.campaigns.kindOf(c.id, b.kindId);
    if ((b.phone === undefined) === (b.userId === undefined)) {
      throw new AppError('CARD_FRIEND_REQUIRED');
    }
    const to = await this.repo.user(
      b.phone !== undefined ? { phone: b.phone } : { id: b.userId ?? 0 },
    );
    if (!to) throw new AppError('CARD_FRIEND_NOT_FOUND');
    if (to.id === userId) throw new AppError('CARD_SELF_GIFT');
    const me = await this.repo.user({ id: userId });
    const key = randomUUID();
    const count = await this.db.transaction().execute(async (trx) => {
      await this.repo.ensure(narrowDb(trx), { userId: to.id, campaignId: c.id, kindId: kind.id });
      await this.repo.lock(narrowDb(trx), [kind.id], [userId, to.id]);
      const left = await this.repo.takeOne(narrowDb(trx), userId, kind.id);
      if (!left) throw new AppError('CARD_NOT_ENOUGH');
      await this.repo.add(narrowDb(trx), {
        userId: to.id,
        campaignId: c.id,
        kindId: kind.id,
        n: 1,
      });
      const move = { campaign_id: c.id, kind_id: kind.id, ref: key };
      await this.repo.log(narrowDb(trx), {
        ...move,
        user_id: userId,
        delta: -1,
        source: 'gift_out',
        peer_user_id: to.id,
      });
      await this.repo.log(narrowDb(trx), {
        ...move,
        user_id: to.id,
        delta: 1,
        source: 'gift_in',
        peer_user_id: userId,
      });
      const from = me?.nickname || maskPhone(me?.phone ?? null);
      await this.sendNotice(trx, {
        title: '收到好友赠送的卡片',
        content: `「${from}」送给您一张「${kind.name}」卡，快去「${c.title}」看看离集齐还差几张吧！`,
        link: `${CARDS_PAGE}?campaignId=${c.id}`,
        userId: to.id,
      });
      return left.count;
    });
    return { kindId: kind.id, name: kind.name, count, to: maskPhone(to.phone) };
  }

  /**
   * A full set for the reward: the user's rows locked (in kind order), the limit checked, the
   * exchange numbered under its unique key, one of each kind taken, the reward given, all in one
   * transaction. Of concurrent taps on one set exactly one exchanges.
   */
  async exchange(userId: number, campaignId: number, now = new Date()): Promise<CardExchangeData> {
    const c = await this.campaigns.campaignRow(campaignId);
    requireActive(c, now);
    const kinds = await this.repo.kinds(c.id);
    const reward = rewardOf(c);
    const rewardText = await this.campaigns.rewardText(c);
    const done = await this.db.transaction().execute(async (trx) => {
      const rows = await this.repo.lock(
        narrowDb(trx),
        kinds.map((k) => k.id),
        [userId],
      );
      const done = await this.repo.exchanges(userId, c.id, narrowDb(trx));
      if (done >= c.max_exchanges) throw new AppError('CARD_EXCHANGED');
      if (rows.length < kinds.length || rows.some((r) => r.count < 1)) {
        throw new AppError('CARD_SET_INCOMPLETE');
      }
      const seq = done + 1;
      const made = await this.repo.insertExchange(narrowDb(trx), {
        userId,
        campaignId: c.id,
        seq,
        rewardText,
      });
      if (!made) throw new AppError('CARD_EXCHANGED');
      const taken = await this.repo.takeSet(narrowDb(trx), userId, c.id);
      if (taken.length !== kinds.length) throw new AppError('CARD_SET_INCOMPLETE');
      for (const k of kinds) {
        await this.repo.log(narrowDb(trx), {
          user_id: userId,
          campaign_id: c.id,
          kind_id: k.id,
          delta: -1,
          source: 'exchange',
          ref: `${seq}:${k.id}`,
          peer_user_id: null,
        });
      }
      await this.rewards.grant(trx, userId, reward, {
        source: 'cards',
        ref: `card_exchange:${made.id}`,
        title: `集卡奖励：${c.title}`,
      });
      return { id: made.id, seq };
    });
    const held = await this.repo.holdings(userId, c.id);
    return {
      exchangeId: done.id,
      seq: done.seq,
      rewardText,
      link: REWARD_LINKS[c.reward_kind],
      exchanges: done.seq,
      canExchange: done.seq < c.max_exchanges && held.every((h) => Number(h.count) >= 1),
    };
  }
}
