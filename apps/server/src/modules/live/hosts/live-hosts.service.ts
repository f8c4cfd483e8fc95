import type {
  LiveAdminHostsQuery,
  LiveHostApplication,
  LiveHostApplyBody,
  LiveHostStatusData,
  PageOf,
} from '@chaopin/contracts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { LiveRepos } from '../repo-base.ts';

/** Becoming a host (主播入驻): real-name verified users apply, the operator approves or rejects. */
export class LiveHosts {
  constructor(private readonly repos: LiveRepos) {}

  async status(userId: number): Promise<LiveHostStatusData> {
    const [host, profile] = await Promise.all([
      this.repos.hosts.host(userId),
      this.repos.hosts.hostProfile(userId),
    ]);
    return {
      status: host?.status ?? 'none',
      reason: host?.reason ?? '',
      intro: host?.intro ?? '',
      sortId: host?.sort_id ?? 0,
      realName: Boolean(profile?.real_name_at),
    };
  }

  async requireHost(userId: number): Promise<void> {
    const host = await this.repos.hosts.host(userId);
    if (host?.status !== 'approved') throw new AppError('LIVE_NOT_HOST');
  }

  async apply(userId: number, body: LiveHostApplyBody): Promise<LiveHostStatusData> {
    const intro = body.intro.trim();
    if (!intro) throw new AppError('LIVE_INTRO_INVALID');
    const current = await this.status(userId);
    if (!current.realName) throw new AppError('LIVE_REAL_NAME_REQUIRED');
    if (current.status === 'pending') throw new AppError('LIVE_HOST_PENDING');
    if (current.status === 'approved') throw new AppError('LIVE_HOST_APPROVED');
    if (!(await this.repos.rooms.sortExists(body.sortId))) throw new AppError('LIVE_SORT_INVALID');
    await this.repos.rooms.transaction((trx) =>
      this.repos.hosts.upsertApplication(narrowDb(trx), userId, intro, body.sortId),
    );
    return this.status(userId);
  }

  async review(userId: number, approve: boolean, reason = ''): Promise<void> {
    const text = reason.trim();
    if (!approve && !text) throw new AppError('LIVE_REASON_INVALID');
    if (!(await this.repos.hosts.host(userId))) throw new AppError('LIVE_HOST_NOT_FOUND');
    if (!(await this.repos.hosts.review(userId, approve, approve ? '' : text))) {
      throw new AppError('LIVE_HOST_NOT_PENDING');
    }
  }

  async applications(q: LiveAdminHostsQuery): Promise<PageOf<LiveHostApplication>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, count] = await this.repos.hosts.applications(
      q.status,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        userId: r.user_id,
        nickname: r.nickname,
        phone: r.phone,
        intro: r.intro,
        sortId: r.sort_id,
        status: r.status,
        reason: r.reason,
        createdAt: r.created_at.toISOString(),
      })),
      total: Number(count.n),
      pageNum,
      pageSize,
    };
  }
}
