import { findCarrier, type ShipBody, type ShipImportData } from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { DomainEvents } from '../../../deps.ts';
import { type ConsoleActor, inScope } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import { shipLocked } from '../fulfilment/order-delivery.ts';
import type { OrderRepo } from '../order.repo.ts';
import type { OrderConsoleRepo } from './order-console.repo.ts';
import { parseShipCsv } from './ship-csv.ts';

const TRACKING_NO = /^[A-Za-z0-9-]{4,40}$/;
const ORDER_NO = /^.{1,40}$/u;

/** One shipment as asked: the order's number, the carrier's name as buyers see it, the number. */
interface Shipment {
  orderNo: string;
  carrier: string;
  trackingNo: string;
}

/** The carrier a merchant named (code, name or usual name), as the buyer will see it. */
function carrierName(text: string): string {
  const carrier = findCarrier(text);
  if (!carrier) throw new AppError('CARRIER_UNKNOWN');
  return carrier.name;
}

/**
 * Shipping from the console: one order, or a CSV of many. Every shipment is its own transaction
 * (the order row locked, the state-guarded move, `order.shipped`, the audit row), so a refused
 * row leaves nothing behind, and an order already sent with the same carrier and number is left
 * as it is: importing a file twice ships nothing twice.
 */
export class OrderShipping {
  constructor(
    private readonly db: Db,
    private readonly repo: OrderConsoleRepo,
    private readonly orders: OrderRepo,
    private readonly events: DomainEvents,
    private readonly audit: AuditTrail,
  ) {}

  async ship(actor: ConsoleActor, body: ShipBody): Promise<'shipped' | 'unchanged'> {
    return this.shipOne(actor, {
      orderNo: body.orderNo,
      carrier: carrierName(body.carrier),
      trackingNo: body.trackingNo,
    });
  }

  private shipOne(actor: ConsoleActor, s: Shipment): Promise<'shipped' | 'unchanged'> {
    return this.db.transaction().execute(async (trx) => {
      const o = await this.repo.lockByNo(narrowDb(trx), s.orderNo);
      // Another store's order is one this caller cannot know of.
      if (!o || !inScope(actor, o.store_id)) throw new AppError('ORDER_NOT_FOUND');
      const outcome = await shipLocked(
        { repo: this.orders, events: this.events },
        trx,
        o,
        s.carrier,
        s.trackingNo,
      );
      if (outcome === 'shipped') {
        await this.audit.record(trx, actor, {
          resource: 'order',
          resourceId: o.order_no,
          action: 'ship',
          storeId: o.store_id,
          before: { status: o.status, carrier: o.carrier, trackingNo: o.tracking_no },
          after: { status: 'unreceived', carrier: s.carrier, trackingNo: s.trackingNo },
        });
      }
      return outcome;
    });
  }

  /**
   * 批量发货: each row (订单号,快递公司,快递单号) shipped on its own, in file order. A refused row
   * is reported with its line and error, and the import goes on with the next.
   */
  async shipCsv(actor: ConsoleActor, text: string): Promise<ShipImportData> {
    const rows = parseShipCsv(text);
    const result: ShipImportData = { shipped: 0, unchanged: 0, failed: [] };
    for (const row of rows) {
      const [orderNo = '', carrier = '', trackingNo = ''] = row.cells;
      try {
        if (row.cells.length !== 3 || !ORDER_NO.test(orderNo)) {
          throw new AppError('SHIP_IMPORT_ROW_INVALID');
        }
        const name = carrierName(carrier);
        if (!TRACKING_NO.test(trackingNo)) throw new AppError('SHIPPING_INFO_INVALID');
        const outcome = await this.shipOne(actor, { orderNo, carrier: name, trackingNo });
        result[outcome] += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failed.push({
          line: row.line,
          orderNo: orderNo.slice(0, 40),
          error: err.id,
          msg: err.message,
        });
      }
    }
    return result;
  }
}
