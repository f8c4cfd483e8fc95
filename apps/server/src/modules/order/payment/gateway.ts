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

/** A request to pay part of a settled payment back to the payer. */
export interface GatewayRefund {
  refundNo: string;
  paymentNo: string;
  amount: number;
}

/** What a gateway tells us when a refund has been paid out, after its signature was checked. */
export interface GatewayRefundNotify {
  refundNo: string;
  amount: number;
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
  /**
   * Asks the channel to pay a refund back; like a payment, the outcome arrives later as a signed
   * refund notify (pay/refundNotify). Asking twice for one refundNo is harmless.
   */
  refund(request: GatewayRefund): Promise<void>;
  /** True only for a refund notify this gateway signed. */
  verifyRefund(notify: GatewayRefundNotify): boolean;
}

function refundText(n: Omit<GatewayRefundNotify, 'sign'>): string {
  return ['sandbox-refund', n.refundNo, n.amount, n.nonce].join('|');
}

function sameSign(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
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
    return sameSign(this.sign(n), n.sign);
  }

  /** Set by the sandbox routes: delivers the refund's signed notify asynchronously. */
  private refundSender: ((r: GatewayRefund) => void) | undefined;

  onRefund(sender: (r: GatewayRefund) => void): void {
    this.refundSender = sender;
  }

  async refund(r: GatewayRefund): Promise<void> {
    this.refundSender?.(r);
  }

  signRefund(n: Omit<GatewayRefundNotify, 'sign'>): string {
    return hmacHex(this.secret, refundText(n));
  }

  verifyRefund(n: GatewayRefundNotify): boolean {
    return sameSign(this.signRefund(n), n.sign);
  }
}
