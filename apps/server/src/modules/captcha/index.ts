/**
 * Captcha: a slider puzzle that guards a flash-sale attempt and a bargain's help. It has no
 * module of its own to register: the seckill module builds the service and its routes.
 */
export { captchaRoutes } from './captcha.routes.ts';
export { type CaptchaOptions, CaptchaService } from './captcha.service.ts';
