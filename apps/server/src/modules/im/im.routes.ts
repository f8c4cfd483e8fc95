import { ShopChatQuery, UserByPhoneData, UserByPhoneQuery, UserSigData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { CatalogueModule } from '../catalogue/index.ts';
import type { UserModule } from '../user/index.ts';
import { SDK_APP_ID, type UserSigs } from './session/im-sig.ts';
import { FriendLookup } from './social/friend-lookup.ts';
import type { SocialService } from './social/social.service.ts';

/** `user/getUserSig`: the IM credential of the signed-in app user (their IM id is their user id). */
export async function imRoutes(
  app: FastifyInstance,
  sigs: UserSigs,
  social: SocialService,
  users: UserModule,
  deps: Pick<Deps, 'rateLimit'>,
  catalogue: CatalogueModule,
) {
  const r = typed(app);
  const lookup = new FriendLookup(users.users, social, deps.rateLimit);
  // SPEC Messages family "shop by chat id": each store chats as store_<id>, its IM profile made
  // (name and logo of the store) the first time someone asks, so 客服 always has someone to reach.
  r.get(
    `${API}/message/shopByChatId`,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['im'],
        summary: '店铺客服的聊天账号',
        querystring: ShopChatQuery,
        response: responses(UserByPhoneData),
      },
    },
    async (req) => {
      const store = await catalogue.goods.store(req.query.storeId, undefined);
      const userID = `store_${store.id}`;
      await social.ensure(userID, store.name, store.logo);
      return ok({ userID, nick: store.name, avatar: store.logo });
    },
  );
  r.get(
    `${API}/im/userByPhone`,
    {
      config: { auth: 'user' },
      schema: {
        tags: ['im'],
        summary: '按手机号查找用户（添加好友）',
        querystring: UserByPhoneQuery,
        response: responses(UserByPhoneData),
      },
    },
    async (req) => ok(await lookup.byPhone(currentUser(req).id, req.query.phone)),
  );
  r.get(
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
