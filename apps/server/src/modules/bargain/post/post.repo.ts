import { sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { BargainDb } from '../bargain.tables.ts';

/** SQL of 晒单 posts. */
export class PostRepo {
  constructor(private readonly db: BargainDb) {}

  insertPost(row: {
    claim_id: number;
    item_id: number;
    user_id: number;
    content: string;
    images: string;
  }) {
    return this.db
      .insertInto('bargain_post')
      .values(row)
      .onConflict((oc) => oc.column('claim_id').doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** A page of the item's posts, newest first, and their total. */
  posts(itemId: number, limit: number, offset: number) {
    return Promise.all([
      this.db
        .selectFrom('bargain_post as p')
        .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'p.user_id')
        .select([
          'p.id',
          'p.item_id',
          'p.content',
          'p.images',
          'p.created_at',
          'u.nickname',
          'u.avatar',
        ])
        .where('p.item_id', '=', itemId)
        .orderBy('p.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('bargain_post')
        .where('item_id', '=', itemId)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
  }
}
