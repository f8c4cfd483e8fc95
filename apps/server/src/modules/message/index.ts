import type { FastifyInstance } from 'fastify';
import type { DB } from '../../database.ts';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderConsolePorts } from '../order/index.ts';
import type { ModuleUses } from '../uses.ts';
import { NoticeDeskRepo } from './console/notice-desk.repo.ts';
import { noticeDeskRoutes } from './console/notice-desk.routes.ts';
import { NoticeDesk } from './console/notice-desk.service.ts';
import { MessageRepo } from './message.repo.ts';
import { messageRoutes } from './message.routes.ts';
import { type MessagePorts, MessageService } from './message.service.ts';
import type { MessageTables } from './message.tables.ts';

export { type NoticeDraft, type SendNotice, sendNotice } from './notice-writer.ts';

export interface MessageModule {
  messages: MessageService;
  /** The last step of every event's handler (modules/reactions.ts): the user's notice, if any. */
  notify: Reaction;
  /** The buyer's messages about an order, for the console's order page. */
  orderMessages: OrderConsolePorts['messages'];
}

/** A lookup that answers `fallback` for a catalogue error (no such user or order). */
async function orElse<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) return fallback;
    throw err;
  }
}

/** System notices and order messages written by domain events. */
export async function registerMessageModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<MessageModule> {
  const ports: MessagePorts = {
    joinedAt: (userId) =>
      orElse(async () => new Date((await uses.users.users.info(userId)).createdAt), null),
    orderImage: (userId, orderNo) =>
      orElse(
        async () => (await uses.order.orders.detail(userId, orderNo)).items[0]?.image ?? '',
        '',
      ),
  };
  const messages = new MessageService(new MessageRepo(narrowDb(deps.db)), ports);
  await messageRoutes(app, messages, (userId) => uses.cart.cart.count(userId));
  const db = narrowDb<MessageTables, DB>(deps.db);
  const desk = new NoticeDesk(db, new NoticeDeskRepo(db), uses.access.audit, async (userId) =>
    Boolean(await ports.joinedAt(userId)),
  );
  await noticeDeskRoutes(app, desk);
  return {
    messages,
    notify: (trx, event) => messages.onEvent(narrowDb(trx), event),
    orderMessages: (userId, orderNo) => messages.ofOrder(userId, orderNo),
  };
}
