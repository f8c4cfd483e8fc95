import {
  EVALUATION_IMAGES_MAX,
  type ReleaseEvaluateBody,
  type ReleaseEvaluateData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CatalogueCache, EvaluationWriter } from '../catalogue/index.ts';
import type { OrderFulfilment } from '../order/index.ts';

/** Images must be files this server stored from an upload. */
const OWN_UPLOAD = /^\/uploads\/[A-Za-z0-9/_.-]{1,500}$/;

/** `images` arrives as an array (JSON body, repeated form key) or as JSON text (form body). */
export function parseImages(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trimStart().startsWith('[')) {
      try {
        value = JSON.parse(raw);
      } catch {
        throw new AppError('EVALUATION_IMAGE_INVALID');
      }
    } else value = [raw];
  }
  if (!Array.isArray(value)) throw new AppError('EVALUATION_IMAGE_INVALID');
  if (value.length > EVALUATION_IMAGES_MAX) throw new AppError('EVALUATION_IMAGES_TOO_MANY');
  for (const url of value) {
    if (typeof url !== 'string' || !OWN_UPLOAD.test(url) || url.includes('..')) {
      throw new AppError('EVALUATION_IMAGE_INVALID');
    }
  }
  return value as string[];
}

/**
 * Writing evaluations: one per order line, only once the order was received. The evaluation,
 * the line's flag and (for the last line) the order's move to finished are one transaction;
 * after it commits, every node drops the product's cached detail so the count shows at once.
 */
export class EvaluationService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderFulfilment,
    private readonly repo: EvaluationWriter,
    private readonly cache: Pick<CatalogueCache, 'productChanged'>,
    private readonly events: DomainEvents,
  ) {}

  async release(userId: number, body: ReleaseEvaluateBody): Promise<ReleaseEvaluateData> {
    const images = parseImages(body.images);
    const content = (body.content ?? '').trim();
    const written = await this.db.transaction().execute(async (trx) => {
      const line = await this.orders.evaluateItem(trx, userId, body.orderNo, body.itemId);
      const id = await this.repo.insert(narrowDb(trx), {
        productId: line.productId,
        userId,
        orderItemId: body.itemId,
        stars: body.stars,
        content,
        images,
        anonymous: body.anonymous ?? false,
      });
      await this.events.emit(trx, {
        type: 'review.written',
        userId,
        evaluationId: id,
        photos: images.length,
      });
      return { id, ...line };
    });
    await this.cache.productChanged(written.productId);
    return { evaluationId: written.id, orderStatus: written.orderStatus };
  }
}
