import { userReads } from '../../user/index.ts';
import type { CatalogueDb } from '../catalogue.tables.ts';

/** Stars from which an evaluation counts as good. */
export const GOOD_STARS = 4;

/** SQL for product evaluations: reading, and the insert the logistics module's service calls. */
/** The write side of evaluations, handed to the logistics module (a buyer evaluates a received order). */
export type EvaluationWriter = Pick<EvaluationRepo, 'insert'>;

export class EvaluationRepo {
  constructor(private readonly db: CatalogueDb) {}

  /** How many evaluations a product has, and how many are good. */
  async summary(productId: number): Promise<{ count: number; good: number }> {
    const row = await this.db
      .selectFrom('evaluation')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.count<number>('id').filterWhere('stars', '>=', GOOD_STARS).as('good'),
      ])
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), good: Number(row.good) };
  }

  /** Writes one evaluation in the caller's transaction (the logistics module's write side). */
  async insert(
    trx: CatalogueDb,
    values: {
      productId: number;
      userId: number;
      orderItemId: number;
      stars: number;
      content: string;
      images: string[];
      anonymous: boolean;
    },
  ): Promise<number> {
    const row = await trx
      .insertInto('evaluation')
      .values({
        product_id: values.productId,
        user_id: values.userId,
        order_item_id: values.orderItemId,
        stars: values.stars,
        content: values.content,
        images: JSON.stringify(values.images),
        anonymous: values.anonymous,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A page of a product's evaluations, newest first, with the author's nickname and avatar. */
  page(productId: number, limit: number, offset: number) {
    return this.db
      .selectFrom('evaluation as e')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'e.user_id')
      .select([
        'e.id',
        'e.stars',
        'e.content',
        'e.images',
        'e.anonymous',
        'e.created_at',
        'u.nickname',
        'u.avatar',
      ])
      .where('e.product_id', '=', productId)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
