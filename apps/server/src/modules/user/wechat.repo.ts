import type { UserDb } from './user.tables.ts';

/** SQL for the openid ↔ account binding of the WeChat login. */
export class WechatRepo {
  constructor(private readonly db: UserDb) {}

  /** The account an openid signs in, with its phone and status. */
  accountOf(openid: string) {
    return this.db
      .selectFrom('user_wechat')
      .innerJoin('app_user', 'app_user.id', 'user_wechat.user_id')
      .select(['app_user.id', 'app_user.phone', 'app_user.status'])
      .where('user_wechat.openid', '=', openid)
      .executeTakeFirst();
  }

  openidOf(userId: number) {
    return this.db
      .selectFrom('user_wechat')
      .select('openid')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Binds them unless the openid or the account is bound already (then nothing changes). */
  async bind(openid: string, userId: number): Promise<void> {
    await this.db
      .insertInto('user_wechat')
      .values({ openid, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
