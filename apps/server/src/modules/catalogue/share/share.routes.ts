import { ProductIdQuery, ShareData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { ShareService } from './share.service.ts';

/** goods/share (short link and poster) and the short links themselves, /s/<code>. */
export async function shareRoutes(app: FastifyInstance, share: ShareService) {
  const r = typed(app);

  r.get(
    `${API}/goods/share`,
    {
      schema: {
        tags: ['goods'],
        summary: '商品分享：短链接和二维码海报',
        querystring: ProductIdQuery,
        response: responses(ShareData),
      },
    },
    async (req) => ok(await share.share(req.query.id, `${req.protocol}://${req.host}`)),
  );

  r.get(
    '/s/:code',
    {
      schema: {
        tags: ['goods'],
        summary: '短链接跳转到商品详情页',
        params: Type.Object({ code: Type.String({ maxLength: 16 }) }),
      },
    },
    async (req, reply) => reply.redirect(await share.target(req.params.code), 302),
  );
}
