import type { LiveStats } from '@chaopin/contracts';
import type { OrderService } from '../../order/index.ts';
import { toStats } from './live-view.ts';
import type { RoomRow } from './rooms.repo.ts';

/** A room's figures: its own counters plus the sales of the orders placed from it. */
export class RoomStats {
  constructor(private readonly orders: OrderService) {}

  async of(r: RoomRow, online: number): Promise<LiveStats> {
    const sales = await this.orders.roomSales([r.id]);
    return toStats(r, online, sales.get(r.id));
  }

  empty(): LiveStats {
    return {
      online: 0,
      peakOnline: 0,
      viewers: 0,
      likes: 0,
      newFollowers: 0,
      orders: 0,
      gmv: 0,
      gifts: 0,
      giftAmount: 0,
      durationMs: 0,
    };
  }

  async many(rows: RoomRow[]): Promise<Map<number, LiveStats>> {
    const sales = await this.orders.roomSales(rows.map((r) => r.id));
    return new Map(rows.map((r) => [r.id, toStats(r, 0, sales.get(r.id))]));
  }
}
