import { BarrageItem } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { BarrageService } from './barrage.service.ts';

/** home/barrage: the ticker of recent real purchases over the home feed (public). */
export async function barrageRoutes(app: FastifyInstance, barrage: BarrageService) {
  typed(app).get(
    `${API}/home/barrage`,
    {
      schema: {
        tags: ['home'],
        summary: '首页弹幕：最近20笔真实购买',
        response: responses(Type.Array(BarrageItem)),
      },
    },
    async () => ok(await barrage.latest()),
  );
}
