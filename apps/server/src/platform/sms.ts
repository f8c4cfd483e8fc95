import type { FastifyBaseLogger } from 'fastify';

/** Sends SMS: verification codes and notices. Production plugs a carrier in here. */
export interface SmsSender {
  send(phone: string, code: string, purpose: string): Promise<void>;
  /** A notice (e.g. a flash-sale reminder); carriers send these from an approved template. */
  notify(phone: string, text: string): Promise<void>;
}

/** Development sender: writes the SMS to the log instead of texting it. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, code: string, purpose: string) {
    this.log.info({ phone, purpose, code }, 'SMS code (dev sender)');
  }
  async notify(phone: string, text: string) {
    this.log.info({ phone, text }, 'SMS notice (dev sender)');
  }
}
