import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_MAX,
  SMS_RESEND_SECONDS,
  type SmsPurpose,
  type SmsSendData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { Deps } from '../../deps.ts';
import { hmacHex, randomDigits } from '../../platform/crypto.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { SmsRepo } from './sms.repo.ts';

/** The calendar day in China, so the daily limit resets at local midnight. */
function chinaDayKey(now: Date): { day: string; msToMidnight: number } {
  const shifted = new Date(now.getTime() + 8 * 3600_000);
  const day = shifted.toISOString().slice(0, 10);
  const midnight = Date.parse(`${day}T00:00:00Z`) + 86400_000 - 8 * 3600_000;
  return { day, msToMidnight: midnight - now.getTime() };
}

/** Sends and checks one-time SMS codes: 1 per 60 s and 10 per day per phone, 5 tries per code. */
export class SmsService {
  private readonly repo: SmsRepo;

  constructor(private readonly deps: Deps) {
    this.repo = new SmsRepo(narrowDb(deps.db));
  }

  /** Keyed, so a leaked table does not give the codes away by brute force. */
  private codeHash(phone: string, purpose: string, code: string) {
    return hmacHex(this.deps.secret, `${phone}:${purpose}:${code}`);
  }

  async send(phone: string, purpose: SmsPurpose): Promise<SmsSendData> {
    const cooldown = await this.deps.rateLimit.acquire(
      `sms:cooldown:${phone}`,
      SMS_RESEND_SECONDS * 1000,
    );
    if (!cooldown.ok) {
      throw new AppError('SMS_TOO_FREQUENT', { seconds: Math.ceil(cooldown.retryMs / 1000) });
    }
    const { day, msToMidnight } = chinaDayKey(new Date());
    const daily = await this.deps.rateLimit.hit(`sms:day:${day}:${phone}`, msToMidnight);
    if (daily.count > SMS_DAILY_MAX) throw new AppError('SMS_DAILY_LIMIT');

    const code = randomDigits(6);
    await this.repo.insert({
      phone,
      purpose,
      code_hash: this.codeHash(phone, purpose, code),
      expires_at: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
    });
    await this.deps.sms.send(phone, code, purpose);
    const result: SmsSendData = { expiresIn: SMS_CODE_TTL_SECONDS, resendIn: SMS_RESEND_SECONDS };
    if (this.deps.config.NODE_ENV !== 'production') result.code = code;
    return result;
  }

  /**
   * Checks a code and returns a function that consumes it inside the caller's transaction,
   * so a code is used up only when the step it proves commits. Wrong tries are counted at once.
   */
  async check(
    phone: string,
    purpose: SmsPurpose,
    code: string,
  ): Promise<(trx: Db) => Promise<void>> {
    const row = await this.repo.latest(phone, purpose);
    if (!row || row.consumed_at || row.expires_at.getTime() <= Date.now()) {
      throw new AppError('SMS_CODE_EXPIRED');
    }
    if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) throw new AppError('SMS_CODE_TOO_MANY');
    if (row.code_hash !== this.codeHash(phone, purpose, code)) {
      await this.repo.addAttempt(row.id);
      throw new AppError(
        row.attempts + 1 >= SMS_CODE_MAX_ATTEMPTS ? 'SMS_CODE_TOO_MANY' : 'SMS_CODE_WRONG',
      );
    }
    return async (trx: Db) => {
      const consumed = await this.repo.consume(narrowDb(trx), row.id);
      if (!consumed) throw new AppError('SMS_CODE_EXPIRED');
    };
  }
}
