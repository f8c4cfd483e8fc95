import { get } from './client.ts';

export const captchaApi = {
  /** A proof-of-work challenge for one action, e.g. `seckill:12` (ALTCHA v2, for the widget). */
  challenge: (action: string) => get('captcha/challenge', { action }),
};
