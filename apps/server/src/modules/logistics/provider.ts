import type { LogisticsState } from '@chaopin/contracts';

/** A shipped order as a carrier sees it: who sent it where, with which tracking number. */
export interface ShipmentRoute {
  carrier: string;
  trackingNo: string;
  shippedAt: Date;
  sender: { storeId: number; storeName: string };
  receiver: { name: string; phone: string; province: string; city: string; district: string };
}

export interface TrackStep {
  state: LogisticsState;
  time: Date;
  text: string;
  location: string;
}

export interface Tracking {
  /** The scans that have happened by `now`, newest first (never empty). */
  steps: TrackStep[];
  /** When the parcel was signed for, once it has been. */
  signedAt: Date | null;
  /** While unsigned: when asking again is worth it (the sweeper's next look). */
  nextCheckAt: Date | null;
}

/**
 * Where tracking comes from. The built-in provider simulates a carrier; a real carrier's API
 * (快递100, a carrier's open platform…) implements the same call.
 */
export interface LogisticsProvider {
  track(route: ShipmentRoute, now: Date): Promise<Tracking>;
}
