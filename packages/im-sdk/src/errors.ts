import { ERRORS, type ErrorId, formatErrorMsg } from '@chaopin/contracts';
import { TIM_CODE } from './tim-codes.ts';

/**
 * Every SDK failure, in TIM's shape: `code` is TIM's numeric error code (tim-codes.ts) or, where
 * TIM has none, the catalogue's HTTP-like status; `message` the Chinese text. Beside them, `error`
 * is the stable catalogue id and `status` the HTTP-like status.
 */
export class TimError extends Error {
  readonly code: number;
  readonly error: string;
  readonly status: number;
  /** The message object of a failed send (its status is 'fail'). */
  data?: unknown;
  constructor(error: string, message: string, o: { code?: number; status?: number } = {}) {
    super(message);
    const known = error in ERRORS ? ERRORS[error as ErrorId] : undefined;
    this.status = o.status ?? known?.status ?? 400;
    this.code = o.code ?? TIM_CODE[error as ErrorId] ?? this.status;
    this.error = error;
  }

  static of(
    id: ErrorId,
    o: { data?: unknown; code?: number; params?: Record<string, string | number> } = {},
  ): TimError {
    const e = new TimError(id, formatErrorMsg(id, o.params), { code: o.code });
    if (o.data !== undefined) e.data = o.data;
    return e;
  }

  /** What the ERROR event carries: TIM's `{ code, message }` and our id. */
  toEvent() {
    return { code: this.code, message: this.message, error: this.error };
  }
}
