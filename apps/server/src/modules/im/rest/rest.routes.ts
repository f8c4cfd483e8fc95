import { ErrorEnvelope, IM } from '@chaopin/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../platform/envelope.ts';
import { AppError } from '../../../platform/errors.ts';
import { responses, typed } from '../../../platform/route-schema.ts';
import type { GroupService } from '../groups/group.service.ts';
import type { UserSigs } from '../session/im-sig.ts';
import type { SigGate } from '../session/sig-gate.ts';
import type { SocialService } from '../social/social.service.ts';
import { readOneFile } from '../upload/upload.routes.ts';
import type { ForceLogout } from './force-logout.ts';
import type { RestFileService } from './rest-file.service.ts';

const tags = ['chat-provider'];
const Path = Type.Object({
  org: Type.String({ minLength: 1 }),
  app: Type.String({ minLength: 1 }),
});
const GroupPath = Type.Object({ org: Type.String(), app: Type.String(), groupId: Type.String() });
const UserPath = Type.Object({
  org: Type.String(),
  app: Type.String(),
  username: Type.String({ minLength: 1, maxLength: 64 }),
});
const Paging = Type.Object({
  pagenum: Type.Optional(Type.String()),
  pagesize: Type.Optional(Type.String()),
});
const Any = Type.Record(Type.String(), Type.Unknown());
const USERNAME = /^[A-Za-z0-9_-]{1,64}$/;

/** SPEC: 'The parameter "pageNum" should be a positive number' (and pageSize). */
function positive(
  v: string | undefined,
  fallback: number,
  error: 'IM_REST_PAGE_NUM' | 'IM_REST_PAGE_SIZE',
  max = 10_000,
) {
  if (v === undefined || v === '') return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new AppError(error);
  return Math.min(Number(v), max);
}

/**
 * The chat-provider REST API of SPEC §7 (`/{org}/{app}/…`), for back-office systems: the same users
 * and groups as the SDK. A bearer access token is an IM credential of the user it was issued to.
 */
export async function restRoutes(
  app: FastifyInstance,
  deps: {
    sigs: UserSigs;
    gate: SigGate;
    logout: ForceLogout;
    files: RestFileService;
    social: SocialService;
    groups: GroupService;
  },
) {
  const r = typed(app);
  const { sigs, gate, logout, files, social, groups } = deps;
  const bearer = (req: FastifyRequest) => bearerUser(gate, req);

  r.post(
    '/:org/:app/token',
    {
      schema: {
        tags,
        summary: '获取访问令牌 (grant_type=password)',
        params: Path,
        body: Type.Object({
          grant_type: Type.String(),
          username: Type.String({ maxLength: 64 }),
          password: Type.String({ maxLength: 128 }),
          timestamp: Type.Optional(Type.Union([Type.String(), Type.Number()])),
        }),
        response: responses(Any),
      },
    },
    async (req) => {
      if (req.body.grant_type !== 'password') throw new AppError('IM_REST_GRANT_TYPE');
      const stored = await social.passwordHash(req.body.username);
      if (!stored || !(await verify(stored, req.body.password).catch(() => false)))
        throw new AppError('IM_REST_PASSWORD_WRONG');
      const { userSig, expireAt } = sigs.issue(req.body.username);
      return ok({
        access_token: userSig,
        expires_in: expireAt - Math.floor(Date.now() / 1000),
        user: { username: req.body.username, activated: true },
      });
    },
  );

  // Registration is for the operator's back office only (an app session of role admin): an
  // open endpoint would let anyone take a shop's chat account (store_<id>) and pose as the shop.
  r.post(
    '/:org/:app/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: '注册即时通讯用户（运营账号）',
        params: Path,
        body: Type.Object({
          username: Type.String({ maxLength: 64 }),
          password: Type.String({ minLength: 1, maxLength: 128 }),
          nickname: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: responses(Any),
      },
    },
    async (req) => {
      if (!USERNAME.test(req.body.username)) throw new AppError('IM_REST_USERNAME_INVALID');
      const created = await social.createAccount(
        req.body.username,
        req.body.nickname ?? req.body.username,
        await hash(req.body.password),
      );
      if (!created) throw new AppError('IM_REST_USER_EXISTS');
      return ok({
        entities: [
          {
            username: req.body.username,
            nickname: req.body.nickname ?? req.body.username,
            activated: true,
          },
        ],
      });
    },
  );

  r.get(
    '/:org/:app/chatrooms',
    {
      schema: {
        tags,
        summary: '聊天室列表',
        params: Path,
        querystring: Paging,
        response: responses(Any),
      },
    },
    async (req) => {
      await bearer(req);
      const pageNum = positive(req.query.pagenum, 1, 'IM_REST_PAGE_NUM');
      const pageSize = positive(
        req.query.pagesize,
        IM.CHATROOM_PAGE_SIZE,
        'IM_REST_PAGE_SIZE',
        100,
      );
      const page = await groups.chatRooms(pageNum, pageSize);
      return ok({
        data: page.list.map((g) => ({
          id: g.groupID,
          name: g.name,
          owner: g.ownerID,
          affiliations_count: g.memberNum,
        })),
        total: page.total,
        pagenum: pageNum,
        pagesize: pageSize,
      });
    },
  );

  r.get(
    '/:org/:app/chatgroups/:groupId/users',
    {
      schema: {
        tags,
        summary: '群成员（分页）',
        params: GroupPath,
        querystring: Paging,
        response: responses(Any),
      },
    },
    async (req) => {
      const caller = await bearer(req);
      if (!req.params.groupId.trim()) throw new AppError('IM_REST_GROUP_ID_REQUIRED');
      const pageNum = positive(req.query.pagenum, 1, 'IM_REST_PAGE_NUM');
      const pageSize = positive(
        req.query.pagesize,
        IM.MEMBER_LIST_DEFAULT,
        'IM_REST_PAGE_SIZE',
        IM.MEMBER_LIST_MAX,
      );
      const list = await groups.memberList(
        caller.userID,
        req.params.groupId,
        pageSize,
        (pageNum - 1) * pageSize,
      );
      return ok({
        data: list.memberList.map((m) =>
          m.role === 'Owner' ? { owner: m.userID } : { member: m.userID },
        ),
        pagenum: pageNum,
        pagesize: pageSize,
      });
    },
  );

  r.post(
    '/:org/:app/chatgroups',
    {
      schema: {
        tags,
        summary: '创建群组（invite_need_confirm 强制为 false）',
        params: Path,
        body: Type.Object({
          groupname: Type.String({ minLength: 1, maxLength: 30 }),
          desc: Type.Optional(Type.String({ maxLength: 240 })),
          public: Type.Optional(Type.Boolean()),
          maxusers: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
          members_only: Type.Optional(Type.Boolean()),
          members: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
          invite_need_confirm: Type.Optional(Type.Boolean()),
        }),
        response: responses(Any),
      },
    },
    async (req) => {
      const caller = await bearer(req);
      const b = req.body;
      // invite_need_confirm is forced false: listed members are added at once.
      const group = await groups.create(caller, {
        type: b.public === false ? 'Private' : 'Public',
        name: b.groupname,
        introduction: b.desc ?? '',
        ...(b.maxusers ? { maxMemberNum: b.maxusers } : {}),
        joinOption: b.members_only ? 'NeedPermission' : 'FreeAccess',
        memberList: (b.members ?? []).map((userID) => ({ userID })),
      });
      return ok({ data: { groupid: group.groupID }, invite_need_confirm: false });
    },
  );

  r.get(
    '/:org/:app/chatgroups/:groupId',
    {
      schema: {
        tags,
        summary: '群组详情 (version=v3)',
        params: GroupPath,
        querystring: Type.Object({ version: Type.Optional(Type.String()) }),
        response: responses(Any),
      },
    },
    async (req) => {
      const caller = await bearer(req);
      // A Private group: its members and the operator (an account registered with a password).
      const operator = (await social.passwordHash(caller.userID)) !== null;
      const g = await groups.search(req.params.groupId, caller.userID, operator);
      return ok({
        data: [
          {
            id: g.groupID,
            name: g.name,
            description: g.introduction,
            owner: g.ownerID,
            public: g.type === 'Public',
            membersonly: g.joinOption === 'NeedPermission',
            allowinvites: g.type === 'Private',
            maxusers: g.maxMemberNum,
            affiliations_count: g.memberNum,
            created: g.createTime * 1000,
          },
        ],
      });
    },
  );

  r.delete(
    '/:org/:app/chatgroups/:groupId',
    {
      schema: {
        tags,
        summary: '解散群组 (version=v3)',
        params: GroupPath,
        querystring: Type.Object({ version: Type.Optional(Type.String()) }),
        response: responses(Any),
      },
    },
    async (req) => {
      const caller = await bearer(req);
      await groups.dismiss(caller, req.params.groupId);
      return ok({ data: { success: true, groupid: req.params.groupId } });
    },
  );

  // Easemob "force logout": every session of the user, on every node. An operator account (one
  // registered with a password) may kick anyone; any other token only itself, or every chat user
  // could log every other one out.
  r.get(
    '/:org/:app/users/:username/disconnect',
    {
      schema: {
        tags,
        summary: '强制用户下线（所有设备）',
        params: UserPath,
        response: responses(Any),
      },
    },
    async (req) => {
      await logout.kick((await bearer(req)).userID, req.params.username);
      return ok({ action: 'get', entities: [], data: { result: true }, timestamp: Date.now() });
    },
  );

  r.get(
    '/:org/:app/chatfiles/:fileId',
    {
      schema: {
        tags,
        summary: '下载聊天文件（需 share-secret 头）',
        params: Type.Object({
          org: Type.String(),
          app: Type.String(),
          fileId: Type.String({ maxLength: 40 }),
        }),
        response: { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      },
    },
    async (req, reply) => {
      const file = await files.open(req.params.fileId, req.headers['share-secret']);
      return (
        reply
          // A sniffed passive type (else octet-stream), attachment, nosniff and a sandbox CSP.
          .headers(file.headers)
          // The file's bytes: the schema only describes the error envelopes of this download.
          .send(file.bytes as never)
      );
    },
  );
}

/** The caller of a REST route: its bearer token is a userSig, refused once expired or kicked. */
async function bearerUser(gate: SigGate, req: FastifyRequest) {
  const h = req.headers.authorization;
  const claims = await gate.bearer(h?.startsWith('Bearer ') ? h.slice(7) : undefined);
  if (!claims) throw new AppError('IM_REST_TOKEN_INVALID');
  return { userID: claims.userID, socketId: '' };
}

/** `POST /{org}/{app}/chatfiles` (multipart, bearer): a file of 1 byte to 10 MB → id and share secret. */
export async function restFileRoutes(
  app: FastifyInstance,
  deps: { files: RestFileService; gate: SigGate },
) {
  typed(app).post(
    '/:org/:app/chatfiles',
    {
      schema: {
        tags,
        summary: '上传聊天文件',
        consumes: ['multipart/form-data'],
        params: Path,
        response: responses(Any),
      },
    },
    async (req) => {
      const user = (await bearerUser(deps.gate, req)).userID;
      const file = await readOneFile(req, IM.CHATFILE_MAX_BYTES, 'IM_REST_FILE_SIZE');
      const { id, secret } = await deps.files.store(user, file);
      return ok({ entities: [{ uuid: id, type: 'chatfile', 'share-secret': secret }] });
    },
  );
}
