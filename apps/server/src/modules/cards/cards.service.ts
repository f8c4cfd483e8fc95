import { randomUUID } from 'node:crypto';
import {
  CARD_SOURCE_TEXT,
  CARDS_DEFAULTS,
  type CardAction,
  type CardAdminGiveBody,
  type CardAdminGiveData,
  type CardCampaignBody,
  type CardCampaignUpdateBody,
  type CardCampaignView,
  type CardExchangeData,
  type CardGiveBody,
  type CardGiveData,
  type CardHolding,
  type CardLogQuery,
  type CardLogRow,
  type CardShareData,
  type CardsHomeData,
  type PageOf,
} from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import type { DB, Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MessageRepo } from '../message/message.repo.ts';
import type { MessageTables } from '../message/message.tables.ts';
import { REWARD_LINKS, type Reward, type Rewards, yuan } from '../redeem/rewards.ts';
import type { CardsRepo } from './cards.repo.ts';
import type { CardCampaignTable } from './cards.tables.ts';
import { drawKind, maskPhone, rareWeight, statusAt } from './cards-rules.ts';

type CampaignRow = Selectable<CardCampaignTable>;

/** The page a receiver's 消息中心 notice opens. */
export const CARDS_PAGE = '/rootPages/integral/cards';

/**
 * Card collecting. Every movement is a conditional UPDATE of a count row (never below zero) with
 * its log row in one transaction; earning is keyed once per (user, campaign, action, China day)
 * and exchanging by (user, campaign, seq), so taps, retries and nodes cannot double anything.
 */
export class CardsService {
  constructor(
    private readonly db: Db,
    private readonly repo: CardsRepo,
    private readonly rewards: Rewards,
    private readonly notices: MessageRepo,
  ) {}

  // --- operator -------------------------------------------------------------------------------

  /** The campaign's fields checked: dates in order, exactly its reward kind's field. */
  private async checked(b: CardCampaignBody) {
    const start = new Date(b.startAt);
    const end = new Date(b.endAt);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
      throw new AppError('CARD_CAMPAIGN_INVALID');
    }
    const title = b.title.trim();
    const kinds = (b.kinds ?? CARDS_DEFAULTS.KINDS).map((k) => ({
      name: k.name.trim(),
      weight: k.weight,
    }));
    if (
      !title ||
      kinds.some((k) => !k.name) ||
      new Set(kinds.map((k) => k.name)).size !== kinds.length
    ) {
      throw new AppError('CARD_CAMPAIGN_INVALID');
    }
    const isCoupon = b.rewardKind === 'coupon';
    if (isCoupon !== (b.couponTemplateId !== undefined) || isCoupon === (b.amount !== undefined)) {
      throw new AppError('CARD_CAMPAIGN_INVALID');
    }
    if (b.couponTemplateId !== undefined) await this.rewards.couponName(b.couponTemplateId);
    return {
      kinds,
      row: {
        title,
        start_at: start,
        end_at: end,
        reward_kind: b.rewardKind,
        coupon_template_id: b.couponTemplateId ?? null,
        amount: b.amount ?? null,
        max_exchanges: b.maxExchanges ?? CARDS_DEFAULTS.MAX_EXCHANGES,
      },
    };
  }

  async createCampaign(b: CardCampaignBody): Promise<CardCampaignView> {
    const { kinds, row } = await this.checked(b);
    const id = await this.db
      .transaction()
      .execute((trx) => this.repo.insertCampaign(trx, row, kinds));
    return this.view(await this.campaignRow(id));
  }

  /** Changes a campaign; its number of kinds is fixed once anybody holds a card. */
  async updateCampaign(b: CardCampaignUpdateBody): Promise<CardCampaignView> {
    const before = await this.campaignRow(b.id);
    const { kinds, row } = await this.checked(b);
    await this.db.transaction().execute(async (trx) => {
      const old = await this.repo.kinds(before.id, trx);
      if (b.kinds && kinds.length !== old.length) {
        if (await this.repo.hasCards(before.id, trx)) throw new AppError('CARD_KINDS_LOCKED');
        await this.repo.deleteKinds(trx, before.id);
        await this.repo.insertKinds(trx, before.id, kinds);
      } else if (b.kinds) {
        for (const [i, k] of kinds.entries()) await this.repo.updateKind(trx, before.id, i + 1, k);
      }
      await this.repo.updateCampaign(trx, before.id, row);
    });
    return this.view(await this.campaignRow(before.id));
  }

  /** An operator's grant of cards of a kind to a user (logged as 平台发放). */
  async adminGive(b: CardAdminGiveBody): Promise<CardAdminGiveData> {
    const c = await this.campaignRow(b.campaignId);
    const kind = await this.kindOf(c.id, b.kindId);
    if (!(await this.repo.user({ id: b.userId }))) throw new AppError('CARD_FRIEND_NOT_FOUND');
    const n = b.count ?? 1;
    const count = await this.db.transaction().execute(async (trx) => {
      await this.repo.log(trx, {
        user_id: b.userId,
        campaign_id: c.id,
        kind_id: kind.id,
        delta: n,
        source: 'admin',
        ref: randomUUID(),
        peer_user_id: null,
      });
      return (await this.repo.add(trx, { userId: b.userId, campaignId: c.id, kindId: kind.id, n }))
        .count;
    });
    return { kindId: kind.id, count };
  }

  // --- earning --------------------------------------------------------------------------------

  /**
   * The action's card of the day in the current campaign, inside the caller's transaction: one
   * random kind (weighted) when this (user, action, day) earns for the first time, else null.
   */
  async earn(
    trx: Db,
    userId: number,
    action: CardAction,
    day = chinaDay(),
    now = new Date(),
  ): Promise<CardHolding | null> {
    const c = await this.repo.current(now, trx);
    if (!c) return null;
    const kinds = await this.repo.kinds(c.id, trx);
    const kind = drawKind(kinds);
    if (!kind) return null;
    const fresh = await this.repo.log(trx, {
      user_id: userId,
      campaign_id: c.id,
      kind_id: kind.id,
      delta: 1,
      source: action,
      ref: day,
      peer_user_id: null,
    });
    if (!fresh) return null;
    const { count } = await this.repo.add(trx, { userId, campaignId: c.id, kindId: kind.id, n: 1 });
    return { kindId: kind.id, name: kind.name, rare: kind.weight === rareWeight(kinds), count };
  }

  /** The share page's card: once per China day (a second call answers fresh: false). */
  async share(userId: number, campaignId: number, now = new Date()): Promise<CardShareData> {
    const c = await this.campaignRow(campaignId);
    this.requireActive(c, now);
    const current = await this.repo.current(now);
    // Cards are earned in the campaign running now; sharing an older one earns nothing extra.
    if (current?.id !== c.id) return { fresh: false, card: null };
    const card = await this.db
      .transaction()
      .execute((trx) => this.earn(trx, userId, 'share', chinaDay(now), now));
    return { fresh: Boolean(card), card };
  }

  // --- the user's side ------------------------------------------------------------------------

  async home(
    userId: number,
    campaignId: number | undefined,
    now = new Date(),
  ): Promise<CardsHomeData> {
    const c =
      campaignId === undefined
        ? await this.repo.current(now)
        : await this.repo.campaign(campaignId);
    if (!c) throw new AppError('CARD_CAMPAIGN_NOT_FOUND');
    const [campaign, held, exchanges, earned] = await Promise.all([
      this.view(c, now),
      this.repo.holdings(userId, c.id),
      this.repo.exchanges(userId, c.id),
      this.repo.earnedOn(userId, c.id, chinaDay(now)),
    ]);
    const rare = rareWeight(held);
    const cards = held.map((h) => ({
      kindId: h.id,
      name: h.name,
      rare: h.weight === rare,
      count: Number(h.count),
    }));
    const complete = cards.length > 0 && cards.every((k) => k.count >= 1);
    return {
      campaign,
      cards,
      complete,
      exchanges,
      canExchange: complete && exchanges < c.max_exchanges && campaign.status === 'active',
      earnedToday: {
        signin: earned.has('signin'),
        order: earned.has('order'),
        share: earned.has('share'),
      },
      rewardLink: REWARD_LINKS[c.reward_kind],
    };
  }

  /**
   * One card of a kind to another registered user (by phone or id, never oneself): the giver's
   * count goes down only if it is above zero, the receiver's up, both logged, in one transaction;
   * the receiver finds a notice in 消息中心.
   */
  async give(userId: number, b: CardGiveBody, now = new Date()): Promise<CardGiveData> {
    const c = await this.campaignRow(b.campaignId);
    this.requireActive(c, now);
    const kind = await this.kindOf(c.id, b.kindId);
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
      await this.repo.ensure(trx, { userId: to.id, campaignId: c.id, kindId: kind.id });
      await this.repo.lock(trx, [kind.id], [userId, to.id]);
      const left = await this.repo.takeOne(trx, userId, kind.id);
      if (!left) throw new AppError('CARD_NOT_ENOUGH');
      await this.repo.add(trx, { userId: to.id, campaignId: c.id, kindId: kind.id, n: 1 });
      const move = { campaign_id: c.id, kind_id: kind.id, ref: key };
      await this.repo.log(trx, {
        ...move,
        user_id: userId,
        delta: -1,
        source: 'gift_out',
        peer_user_id: to.id,
      });
      await this.repo.log(trx, {
        ...move,
        user_id: to.id,
        delta: 1,
        source: 'gift_in',
        peer_user_id: userId,
      });
      const from = me?.nickname || maskPhone(me?.phone ?? null);
      await this.notices.insertNotice(
        {
          title: '收到好友赠送的卡片',
          content: `「${from}」送给您一张「${kind.name}」卡，快去「${c.title}」看看离集齐还差几张吧！`,
          link: `${CARDS_PAGE}?campaignId=${c.id}`,
          userId: to.id,
        },
        narrowDb<MessageTables, DB>(trx),
      );
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
    const c = await this.campaignRow(campaignId);
    this.requireActive(c, now);
    const kinds = await this.repo.kinds(c.id);
    const reward = this.rewardOf(c);
    const rewardText = await this.rewardText(c);
    const done = await this.db.transaction().execute(async (trx) => {
      const rows = await this.repo.lock(
        trx,
        kinds.map((k) => k.id),
        [userId],
      );
      const done = await this.repo.exchanges(userId, c.id, trx);
      if (done >= c.max_exchanges) throw new AppError('CARD_EXCHANGED');
      if (rows.length < kinds.length || rows.some((r) => r.count < 1)) {
        throw new AppError('CARD_SET_INCOMPLETE');
      }
      const seq = done + 1;
      const made = await this.repo.insertExchange(trx, {
        userId,
        campaignId: c.id,
        seq,
        rewardText,
      });
      if (!made) throw new AppError('CARD_EXCHANGED');
      const taken = await this.repo.takeSet(trx, userId, c.id);
      if (taken.length !== kinds.length) throw new AppError('CARD_SET_INCOMPLETE');
      for (const k of kinds) {
        await this.repo.log(trx, {
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

  async log(userId: number, q: CardLogQuery): Promise<PageOf<CardLogRow>> {
    await this.campaignRow(q.campaignId);
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.logPage(
      userId,
      q.campaignId,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        kindId: r.kind_id,
        name: r.name,
        delta: r.delta,
        source: r.source,
        title:
          r.source === 'gift_in' || r.source === 'gift_out'
            ? `${CARD_SOURCE_TEXT[r.source]}（${maskPhone(r.peer_phone)}）`
            : CARD_SOURCE_TEXT[r.source],
        createdAt: r.created_at.toISOString(),
      })),
      total: Number(total.n),
      pageNum,
      pageSize,
    };
  }

  // --- helpers --------------------------------------------------------------------------------

  private async campaignRow(id: number): Promise<CampaignRow> {
    const c = await this.repo.campaign(id);
    if (!c) throw new AppError('CARD_CAMPAIGN_NOT_FOUND');
    return c;
  }

  /** The kind, if it is one of this campaign's (another campaign's kind id is not found). */
  private async kindOf(campaignId: number, kindId: number) {
    const kind = (await this.repo.kinds(campaignId)).find((k) => k.id === kindId);
    if (!kind) throw new AppError('CARD_KIND_NOT_FOUND');
    return kind;
  }

  private requireActive(c: CampaignRow, now: Date): void {
    const status = statusAt(c, now);
    if (status === 'upcoming') throw new AppError('CARD_CAMPAIGN_NOT_STARTED');
    if (status === 'ended') throw new AppError('CARD_CAMPAIGN_ENDED');
  }

  private rewardOf(c: CampaignRow): Reward {
    if (c.reward_kind === 'coupon')
      return { kind: 'coupon', templateId: c.coupon_template_id ?? 0 };
    return { kind: c.reward_kind, amount: c.amount ?? 0 };
  }

  private async rewardText(c: CampaignRow): Promise<string> {
    if (c.reward_kind === 'coupon') {
      return `优惠券「${await this.rewards.couponName(c.coupon_template_id ?? 0)}」`;
    }
    if (c.reward_kind === 'redpacket') return `红包 ${yuan(c.amount ?? 0)}`;
    return `${c.amount ?? 0} 积分`;
  }

  private async view(c: CampaignRow, now = new Date()): Promise<CardCampaignView> {
    const kinds = await this.repo.kinds(c.id);
    const rare = rareWeight(kinds);
    return {
      id: c.id,
      title: c.title,
      startAt: c.start_at.toISOString(),
      endAt: c.end_at.toISOString(),
      status: statusAt(c, now),
      kinds: kinds.map((k) => ({
        id: k.id,
        name: k.name,
        weight: k.weight,
        rare: k.weight === rare,
      })),
      rewardKind: c.reward_kind,
      couponTemplateId: c.coupon_template_id,
      amount: c.amount,
      rewardText: await this.rewardText(c),
      maxExchanges: c.max_exchanges,
    };
  }
}
