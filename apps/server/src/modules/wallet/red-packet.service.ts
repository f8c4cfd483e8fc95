import { randomInt } from 'node:crypto';
import {
  type DeletedCount,
  RED_PACKET_SOURCE_TEXT,
  type RedPacket,
  type RedPacketIssueBody,
  type RedPacketListQuery,
  type RedPacketOpened,
  type RedPacketPage,
  type RedPacketSource,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ledger } from '../ledger/index.ts';
import type { RedPacketRow, WalletRepo } from './wallet.repo.ts';

const DAY_MS = 86_400_000;

export function toRedPacket(r: RedPacketRow, now: Date): RedPacket {
  const state =
    r.opened_at !== null
      ? 'opened'
      : r.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'unopened';
  return {
    id: r.id,
    title: r.title,
    source: r.source,
    sourceText: RED_PACKET_SOURCE_TEXT[r.source],
    state,
    minAmount: r.min_amount,
    maxAmount: r.max_amount,
    amount: r.amount,
    expiresAt: r.expires_at.toISOString(),
    openedAt: r.opened_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * Red packets: given unopened with a range and an expiry; opening fixes a random amount in the
 * range once (a second open answers the same packet) and credits it to the user's red-packet
 * account from the platform's red-packet budget, in one transaction.
 */
export class RedPacketService {
  constructor(
    private readonly db: Db,
    private readonly repo: WalletRepo,
    private readonly ledger: Ledger,
    private readonly validDays: number,
    private readonly newUser: { min: number; max: number },
  ) {}

  /** The 新人红包, once per user (a unique index keeps a second one out). */
  async giveNewUser(userId: number): Promise<void> {
    if (this.newUser.max <= 0) return;
    await this.repo.issueOnce({
      user_id: userId,
      title: '新人红包',
      source: 'newUser',
      min_amount: Math.min(this.newUser.min, this.newUser.max),
      max_amount: this.newUser.max,
      expires_at: new Date(Date.now() + this.validDays * DAY_MS),
    });
  }

  async list(userId: number, q: RedPacketListQuery): Promise<RedPacketPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const now = new Date();
    const [{ rows, total, unopened }, balance] = await Promise.all([
      this.repo.page(userId, q.status ?? 'all', pageSize, (pageNum - 1) * pageSize, now),
      this.ledger.redPacketBalanceOf(userId),
    ]);
    return {
      list: rows.map((r) => toRedPacket(r, now)),
      total,
      pageNum,
      pageSize,
      balance,
      unopened,
    };
  }

  async detail(userId: number, id: number): Promise<RedPacket> {
    const row = await this.repo.packet(userId, id);
    if (!row) throw new AppError('RED_PACKET_NOT_FOUND');
    return toRedPacket(row, new Date());
  }

  async open(userId: number, id: number): Promise<RedPacketOpened> {
    const row = await this.repo.packet(userId, id);
    if (!row) throw new AppError('RED_PACKET_NOT_FOUND');
    const now = new Date();
    if (row.opened_at === null && row.expires_at.getTime() <= now.getTime()) {
      throw new AppError('RED_PACKET_EXPIRED');
    }
    if (row.opened_at === null) {
      const amount = randomInt(row.min_amount, row.max_amount + 1);
      await this.db.transaction().execute(async (trx) => {
        const opened = await this.repo.open(narrowDb(trx), userId, id, amount, now);
        // Opened (or expired) by a concurrent request meanwhile: its amount stands.
        if (!opened) return;
        await this.ledger.post(trx, {
          kind: 'rp_open',
          ref: String(id),
          memo: `拆红包：${row.title}`,
          entries: [
            { accountId: await this.ledger.revenue(trx, 'redpacket'), amount: -amount },
            { accountId: await this.ledger.redPacket(trx, userId), amount },
          ],
        });
      });
    }
    const after = await this.repo.packet(userId, id);
    if (!after) throw new AppError('RED_PACKET_NOT_FOUND');
    if (after.opened_at === null) throw new AppError('RED_PACKET_EXPIRED');
    return {
      packet: toRedPacket(after, new Date()),
      balance: await this.ledger.redPacketBalanceOf(userId),
    };
  }

  async deleteExpired(userId: number): Promise<DeletedCount> {
    return { deleted: await this.repo.deleteExpired(userId, new Date()) };
  }

  /**
   * A packet of a fixed amount given by an activity or an invitation, inside the caller's
   * transaction (written with what earned it, or not at all).
   */
  async give(
    trx: Db,
    userId: number,
    p: { title: string; source: RedPacketSource; amount: number },
  ): Promise<void> {
    if (p.amount <= 0) return;
    await this.repo.issue(
      [
        {
          user_id: userId,
          title: p.title,
          source: p.source,
          min_amount: p.amount,
          max_amount: p.amount,
          expires_at: new Date(Date.now() + this.validDays * DAY_MS),
        },
      ],
      narrowDb(trx),
    );
  }

  /** The operator (or an activity, an invitation) gives each user one unopened packet. */
  async issue(b: RedPacketIssueBody): Promise<number> {
    if (b.maxAmount < b.minAmount) throw new AppError('RED_PACKET_INVALID');
    const users = await this.repo.existingUsers([...new Set(b.userIds)]);
    const expiresAt = new Date(Date.now() + (b.validDays ?? this.validDays) * DAY_MS);
    return this.repo.issue(
      users.map((user_id) => ({
        user_id,
        title: b.title.trim(),
        source: b.source,
        min_amount: b.minAmount,
        max_amount: b.maxAmount,
        expires_at: expiresAt,
      })),
    );
  }
}
