import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { REDEEM_ALPHABET, REDEEM_CODE_LENGTH } from '@chaopin/contracts';

/** A fresh code: 16 base32 characters from 10 random bytes (80 bits), ungrouped. */
export function newCode(): string {
  const bytes = randomBytes((REDEEM_CODE_LENGTH * 5) / 8);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += REDEEM_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

export const groupCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/**
 * Hashes and seals codes with keys derived from the app secret: the hash finds a code without
 * storing it; the seal keeps a batch's plaintext only until its one export.
 */
export class CodeKeys {
  private readonly hashKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(secret: string) {
    this.hashKey = createHmac('sha256', secret).update('redeem-code-hash').digest();
    this.sealKey = createHmac('sha256', secret).update('redeem-code-seal').digest();
  }

  /** HMAC-SHA256 (hex) of a normalised code. */
  hash(code: string): string {
    return createHmac('sha256', this.hashKey).update(code).digest('hex');
  }

  /** AES-256-GCM of the codes, as iv.tag.ciphertext in base64. */
  seal(codes: readonly string[]): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([c.update(codes.join('\n'), 'utf8'), c.final()]);
    return [iv, c.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
  }

  unseal(sealed: string): string[] {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
    if (!iv || !tag || !body) throw new Error('sealed codes malformed');
    const d = createDecipheriv('aes-256-gcm', this.sealKey, iv);
    d.setAuthTag(tag);
    return Buffer.concat([d.update(body), d.final()])
      .toString('utf8')
      .split('\n');
  }
}
