import type { OrderConsolePorts } from './console/console-ports.ts';
import type { CouponPort } from './coupon-port.ts';
import type { MemberPort } from './member-price.ts';
import type { PurposeHandler } from './payment/payment.service.ts';
import type { DealPort, FlashPort } from './placement/place-job.ts';
import type { PrescriptionPort } from './prescription-port.ts';

/** The live module's side of an order placed from a live room. */
export interface LiveOrderPort {
  /** Throws when the room cannot sell these SKUs (no such room, not on its shelf, not on sale). */
  check(roomId: number, skuIds: number[]): Promise<void>;
  /** The orders were placed (the room's 下单 ticker). */
  placed(roomId: number, userId: number, skuIds: number[]): void;
}

/**
 * The ports other modules provide to orders, given to registerOrderModule and from there to the
 * constructors. The coupon and medicine modules are built before orders and hand theirs as they
 * are; the others are built on the order module, so app.ts hands their late-bound stand-ins
 * (platform/late-bound.ts) and binds them once those modules exist.
 */
export interface OrderProvidedPorts {
  /** The coupon module: checkout lists, chooses and holds coupons; payment, cancel and refund move them. */
  coupons: CouponPort;
  /** The medicine module: 处方药 lines are bought with a prescription, given back when unpaid. */
  prescriptions: PrescriptionPort;
  /** The promotion module: who pays member prices (preview and placement). */
  members: MemberPort;
  /** The live module: orders may name the live room they come from. */
  live: LiveOrderPort;
  /** The seckill module: a flash purchase's unit and limits, in the placement transaction. */
  flash: FlashPort;
  /** Deal ports by name (bargain, draw, farm, game, redeem, the points mall). */
  deals: ReadonlyMap<string, DealPort>;
  /** Other modules' gateway payments by purpose (the promotion module's 'membership'). */
  purposes: ReadonlyMap<string, PurposeHandler>;
  /** After-sales, logistics and messages: their parts of the console's order page. */
  consoleReads: OrderConsolePorts;
}
