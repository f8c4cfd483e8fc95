import { timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../../../platform/crypto.ts';

/** A transfer of a withdrawal's net amount to the user's payment-app account. */
export interface PayoutRequest {
  withdrawNo: string;
  amount: number;
  account: string;
}

/** The channel's signed answer, delivered later to pay/payoutNotify. */
export interface PayoutNotify {
  withdrawNo: string;
  amount: number;
  result: 'succeeded' | 'failed';
  nonce: string;
  sign: string;
}

/**
 * A payout channel (a payment app's transfer API later; the sandbox now). Asking twice for one
 * withdrawNo is harmless: the channel pays a number once, and the outcome arrives as a notify.
 */
export interface PayoutGateway {
  readonly channel: string;
  payout(request: PayoutRequest): Promise<void>;
  verify(notify: PayoutNotify): boolean;
}

const text = (n: Omit<PayoutNotify, 'sign'>) =>
  ['sandbox-payout', n.withdrawNo, n.amount, n.result, n.nonce].join('|');

/**
 * The sandbox pays every payout at once and notifies, signed with HMAC-SHA256 under the app
 * secret; an account starting with `fail@` is refused (to try the failure path by hand).
 */
export class SandboxPayoutGateway implements PayoutGateway {
  readonly channel = 'sandbox';
  private sender: ((r: PayoutRequest, result: PayoutNotify['result']) => void) | undefined;

  constructor(private readonly secret: string) {}

  /** Set by the routes: delivers the notify asynchronously, as a real channel would. */
  onPayout(sender: (r: PayoutRequest, result: PayoutNotify['result']) => void): void {
    this.sender = sender;
  }

  async payout(r: PayoutRequest): Promise<void> {
    this.sender?.(r, r.account.startsWith('fail@') ? 'failed' : 'succeeded');
  }

  sign(n: Omit<PayoutNotify, 'sign'>): string {
    return hmacHex(this.secret, text(n));
  }

  verify(n: PayoutNotify): boolean {
    const a = Buffer.from(this.sign(n), 'utf8');
    const b = Buffer.from(n.sign, 'utf8');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
