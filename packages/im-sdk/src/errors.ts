import { ERRORS, type ErrorId } from '@chaopin/contracts';

/** Every SDK failure: a catalogue code (HTTP-like status), its id and its Chinese message. */
export class TimError extends Error {
  readonly code: number;
  readonly error: string;
  /** The message object of a failed send (its status is 'fail'). */
  data?: unknown;
  constructor(code: number, error: string, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.error = error;
    if (data !== undefined) this.data = data;
  }

  static of(id: ErrorId, data?: unknown): TimError {
    return new TimError(ERRORS[id].status, id, ERRORS[id].msg, data);
  }
}
