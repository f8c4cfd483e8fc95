import type { AdminOrderDetail, AdminRefundRow, LogisticsData } from '@chaopin/contracts';
import type { AddressSnapshotJson } from '../order.tables.ts';

/** A message the buyer was sent about an order (the message module's). */
export type OrderMessageView = AdminOrderDetail['messages'][number];

/**
 * What the order detail page reads from modules built on orders (after-sales, logistics,
 * messages): they import orders, so orders cannot import them; app.ts hands late-bound ports
 * (platform/late-bound.ts) and binds them once those modules exist.
 */
export interface OrderConsolePorts {
  /** The order's after-sales requests, oldest first. */
  refunds(orderId: number): Promise<AdminRefundRow[]>;
  /** The shipment's tracking (null before shipping). */
  tracking(userId: number, orderNo: string): Promise<LogisticsData | null>;
  /** The buyer's messages about this order, oldest first. */
  messages(userId: number, orderNo: string): Promise<OrderMessageView[]>;
}

/** The address module's side: a receiver typed in the console, resolved like the app's. */
export type ComposeAddress = (input: {
  name: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
}) => Promise<Omit<AddressSnapshotJson, 'id'>>;
