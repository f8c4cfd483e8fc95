import { timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../../../platform/crypto.ts';

/** What a gateway tells us about a payment, after its signature was checked. */
export interface GatewayNotify {
  paymentNo: string;
  amount: number;
  result: 'paid' | 'cancelled';
  nonce: string;
  sign: string;
}

/** A payment channel outside the platform (a real one later; the sandbox now). */
export interface PaymentGateway {
  readonly channel: string;
  /** Where to send the payer to pay `amount` fen for `paymentNo`. */
  checkoutUrl(payment: { paymentNo: string; amount: number }): string;
  /** True only for a notify this gateway signed. */
  verify(notify: GatewayNotify): boolean;
}

function notifyText(n: Omit<GatewayNotify, 'sign'>): string {
  return ['sandbox', n.paymentNo, n.amount, n.result, n.nonce].join('|');
}

/**
 * The built-in sandbox: a cashier page served by this server stands in for the payment app,
 * and its notifies are signed with HMAC-SHA256 under the app secret (shared by every node).
 */
export class SandboxGateway implements PaymentGateway {
  readonly channel = 'sandbox';
  constructor(private readonly secret: string) {}

  checkoutUrl(payment: { paymentNo: string }): string {
    return `/sandbox/cashier?paymentNo=${encodeURIComponent(payment.paymentNo)}`;
  }

  sign(n: Omit<GatewayNotify, 'sign'>): string {
    return hmacHex(this.secret, notifyText(n));
  }

  verify(n: GatewayNotify): boolean {
    const expected = Buffer.from(this.sign(n), 'utf8');
    const given = Buffer.from(n.sign, 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
