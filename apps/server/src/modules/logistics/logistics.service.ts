import { LOGISTICS_STATE_TEXT, type LogisticsData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderFulfilment } from '../order/index.ts';
import type { LogisticsProvider } from './provider.ts';
import { routeOf } from './route.ts';
import type { ShipmentRepo } from './shipment.repo.ts';

const DAY = 24 * 60 * 60_000;

/** The buyer's view of a shipment (express query), and starting to track one. */
export class LogisticsService {
  constructor(
    private readonly orders: OrderFulfilment,
    private readonly repo: ShipmentRepo,
    private readonly provider: LogisticsProvider,
    private readonly autoConfirmDays: number,
  ) {}

  /** Inside the shipping transaction: the sweeper will look at it from now on. */
  startTracking(trx: Db, orderNo: string, userId: number): Promise<void> {
    return this.repo.track(narrowDb(trx), orderNo, userId, new Date());
  }

  async query(userId: number, orderNo: string, now = new Date()): Promise<LogisticsData> {
    const shipment = await this.orders.shipment(userId, orderNo);
    if (!shipment) throw new AppError('LOGISTICS_NOT_SHIPPED');
    const tracking = await this.provider.track(routeOf(shipment), now);
    const latest = tracking.steps[0];
    const state = latest?.state ?? 'shipped';
    const waiting = shipment.status === 'unreceived' && tracking.signedAt !== null;
    return {
      orderNo: shipment.orderNo,
      carrier: shipment.carrier,
      trackingNo: shipment.trackingNo,
      state,
      stateText: LOGISTICS_STATE_TEXT[state],
      steps: tracking.steps.map((s) => ({
        state: s.state,
        time: s.time.toISOString(),
        text: s.text,
        location: s.location,
      })),
      receiver: shipment.address.fullAddress,
      signedAt: tracking.signedAt?.toISOString() ?? null,
      autoConfirmAt:
        waiting && tracking.signedAt
          ? new Date(tracking.signedAt.getTime() + this.autoConfirmDays * DAY).toISOString()
          : null,
    };
  }
}
