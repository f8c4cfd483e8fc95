import { UserSigData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { UserModule } from '../user/index.ts';
import { SDK_APP_ID, type UserSigs } from './im-sig.ts';
import type { SocialService } from './social.service.ts';

/** `user/getUserSig`: the IM credential of the signed-in app user (their IM id is their user id). */
export async function imRoutes(
  app: FastifyInstance,
  sigs: UserSigs,
  social: SocialService,
  users: UserModule,
) {
  typed(app).get(
    `${API}/user/getUserSig`,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        summary: '获取即时通讯登录凭证 (userSig)',
        response: responses(UserSigData),
      },
    },
    async (req) => {
      const id = currentUser(req).id;
      const info = await users.users.info(id);
      const userID = String(id);
      await social.ensure(userID, info.nickname, info.avatar);
      const { userSig, expireAt } = sigs.issue(userID);
      return ok({ userID, userSig, expireAt, sdkAppId: SDK_APP_ID });
    },
  );
}
