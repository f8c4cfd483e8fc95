import { CaptchaChallengeData, CaptchaChallengeQuery } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { CaptchaService } from './captcha.service.ts';

/** captcha/challenge: a proof-of-work challenge for one action of the caller. */
export async function captchaRoutes(app: FastifyInstance, captcha: CaptchaService) {
  typed(app).get(
    `${API}/captcha/challenge`,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['captcha'],
        summary: '人机验证：获取工作量证明题目（解答作为请求头 ticket 提交，一次有效）',
        querystring: CaptchaChallengeQuery,
        response: responses(CaptchaChallengeData),
      },
    },
    async (req) => ok(await captcha.challenge(currentUser(req).id, req.query.action)),
  );
}
