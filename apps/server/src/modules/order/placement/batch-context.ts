import type { StockService } from '../../catalogue/index.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { CouponPort } from '../coupon-port.ts';
import type { MemberPort } from '../member-price.ts';
import type { PrescriptionPort } from '../prescription-port.ts';
import type { CheckoutRules, Pricing } from '../pricing.ts';
import type { DealPort, FlashPort, PlaceJob, PlacementPorts } from './place-job.ts';
import type { PlacementRepo } from './placement.repo.ts';

/** A submit key taken by another transaction while this batch ran. */
export class KeyRaced extends Error {}

export const keyOf = (j: { userId: number; clientKey: string }) =>
  `${j.userId}\u0000${j.clientKey}`;

/** A submit priced and given its units, about to be written. */
export interface Placing {
  i: number;
  job: PlaceJob;
  pricing: Pricing;
}

/** What the steps of a placement batch use: the placer's services and the ports it was given. */
export interface BatchContext {
  repo: PlacementRepo;
  stock: StockService;
  ports: PlacementPorts;
  ledger: Ledger;
  /** How much of a submit's goods the red-packet balance and points may pay. */
  rules: CheckoutRules;
  flashPort: FlashPort;
  dealPorts: ReadonlyMap<string, DealPort>;
  couponPort: CouponPort;
  memberPort: MemberPort;
  rxPort: PrescriptionPort;
}
