import type { FastifyReply } from 'fastify';

/** The success envelope every route answers with. */
export function ok<T>(data: T): { code: 1; msg: string; data: T } {
  return { code: 1, msg: '操作成功', data };
}

/**
 * Sends an envelope that was already serialized by the route's own response serializer (and
 * cached): a string is sent as it is, so the schema's allow-list was applied when it was made.
 */
export function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** The success envelope of `data`, serialized by the route's response schema (its allow-list). */
export function serializeOk(reply: FastifyReply, data: unknown): string {
  const out = reply.serialize(ok(data));
  return typeof out === 'string' ? out : Buffer.from(out as ArrayBuffer).toString('utf8');
}
