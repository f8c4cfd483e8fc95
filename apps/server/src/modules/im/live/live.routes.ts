import {
  LiveApplyJoinBody,
  LiveApplyJoinData,
  LiveLongPollBody,
  LiveLongPollData,
  LiveMessageSchema,
  LiveOnlineData,
  LiveOnlineQuery,
  LivePostBody,
  LiveRoomBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../../platform/auth.ts';
import { ok } from '../../../platform/envelope.ts';
import { AppError } from '../../../platform/errors.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { LiveService } from './live-service.ts';
import type { LongPollKeys } from './long-poll-key.ts';

const tags = ['imLive'];

/** The live-room HTTP family: anonymous long-poll viewing (SPEC §7), online count, admin and posting. */
export async function liveRoutes(app: FastifyInstance, live: LiveService, keys: LongPollKeys) {
  const r = typed(app);
  const base = `${API}/imLive`;

  r.post(
    `${base}/applyJoin`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '匿名加入直播群：返回长轮询凭证 longPollingKey 与下一条消息序列号',
        body: LiveApplyJoinBody,
        response: responses(LiveApplyJoinData),
      },
    },
    async (req) => {
      await live.requireRoom(req.body.groupID);
      return ok({
        longPollingKey: keys.issue(req.body.groupID),
        nextSeq: await live.nextSeq(req.body.groupID),
      });
    },
  );

  r.post(
    `${base}/startLongPoll`,
    {
      config: { auth: 'optional', admission: false },
      schema: {
        tags,
        summary: '直播群长轮询（AVChatRoom startLongPoll）：无新消息时最长挂起 90 秒',
        body: LiveLongPollBody,
        response: responses(LiveLongPollData),
      },
    },
    async (req, reply) => {
      const { key, startSeq } = req.body;
      const { roomId, viewerId } = keys.verify(key);
      await live.requireRoom(roomId);
      const next = await live.nextSeq(roomId);
      // 0 means "from now"; a start beyond what exists (plus a cluster node's lag) is a bad request.
      if (startSeq > next + 1000) throw new AppError('LIVE_SEQ_INVALID');
      const from = startSeq === 0 ? next : startSeq;
      live.hub.sawPoller(roomId, viewerId);
      // A poller that moved here from another node may start before what this node has heard.
      if (from < next) await live.fetch(roomId, from, next - 1);
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const messages = await live.hub.waitFrom(roomId, from, live.longPollHoldMs, gone.signal);
      if (messages === null) throw new AppError('LIVE_ROOM_DISMISSED');
      const last = messages.at(-1);
      return ok({
        errorCode: 0,
        errorInfo: '',
        key,
        nextSeq: last ? last.sequence + 1 : from,
        rspMsgList: messages,
      });
    },
  );

  r.get(
    `${base}/onlineMemberNum`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '直播群在线人数（expireTime 秒内可缓存）',
        querystring: LiveOnlineQuery,
        response: responses(LiveOnlineData),
      },
    },
    async (req) => {
      await live.requireRoom(req.query.groupID);
      return ok(await live.onlineCount(req.query.groupID));
    },
  );

  r.post(
    `${base}/post`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: '向直播群发言（每群每秒最多 40 条，高优先级优先）',
        body: LivePostBody,
        response: responses(LiveMessageSchema),
      },
    },
    async (req) => {
      let body: unknown;
      try {
        body = JSON.parse(req.body.body);
      } catch {
        throw new AppError('LIVE_FRAME_INVALID');
      }
      return ok(
        await live.post(req.body.groupID, {
          from: String(currentUser(req).id),
          body,
          ...(req.body.priority ? { priority: req.body.priority } : {}),
        }),
      );
    },
  );

  r.post(
    `${base}/create`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: '后台开通直播群（群组服务创建 AVChatRoom 时也会调用）',
        body: LiveRoomBody,
        response: responses(Type.Object({ groupID: Type.String() })),
      },
    },
    async (req) => {
      await live.create(req.body.groupID, String(currentUser(req).id));
      return ok({ groupID: req.body.groupID });
    },
  );

  r.post(
    `${base}/dismiss`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: '后台解散直播群',
        body: LiveRoomBody,
        response: responses(Type.Object({ groupID: Type.String() })),
      },
    },
    async (req) => {
      await live.requireRoom(req.body.groupID);
      await live.dismiss(req.body.groupID);
      return ok({ groupID: req.body.groupID });
    },
  );
}
