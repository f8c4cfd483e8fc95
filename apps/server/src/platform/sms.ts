import type { FastifyBaseLogger } from 'fastify';

/** Sends verification codes by SMS. Production plugs a carrier in here. */
export interface SmsSender {
  send(phone: string, code: string, purpose: string): Promise<void>;
}

/** Development sender: writes the code to the log instead of texting it. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(phone: string, code: string, purpose: string) {
    this.log.info({ phone, purpose, code }, 'SMS code (dev sender)');
  }
}
