import {
  ActivityAdminPage,
  ActivitySaveBody,
  BannerAdminPage,
  BannerSaveBody,
  DecorEnableBody,
  DecorIdBody,
  type DecorKind,
  DecorSortBody,
  Empty,
  IdData,
  MenuAdminPage,
  MenuSaveBody,
  PopupAdminPage,
  PopupSaveBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { DecorSaveBody, DecorService } from './decor.service.ts';

const tags = ['admin'];
const config = { auth: 'admin' as const, perm: 'decor.write' };

const KINDS: Record<DecorKind, { name: string; page: TSchema; save: TSchema }> = {
  banner: { name: '轮播图', page: BannerAdminPage, save: BannerSaveBody },
  menu: { name: '金刚区菜单', page: MenuAdminPage, save: MenuSaveBody },
  activity: { name: '活动按钮', page: ActivityAdminPage, save: ActivitySaveBody },
  popup: { name: '首页弹窗', page: PopupAdminPage, save: PopupSaveBody },
};

/**
 * 首页装修 (operator): `admin/<banner|menu|activity|popup>/list|save|delete|enable`, and `sort`
 * for the three ordered kinds (the popup shown is the newest live one).
 */
export async function decorConsoleRoutes(app: FastifyInstance, decor: DecorService) {
  const r = typed(app);
  for (const kind of Object.keys(KINDS) as DecorKind[]) {
    const { name, page, save } = KINDS[kind];
    const base = `${API}/admin/${kind}`;
    r.get(
      `${base}/list`,
      { config, schema: { tags, summary: `${name}列表`, response: responses(page) } },
      async () => ok(await decor.list(kind)),
    );
    r.post(
      `${base}/save`,
      {
        config,
        schema: { tags, summary: `新建或编辑${name}`, body: save, response: responses(IdData) },
      },
      // The body was validated against this kind's own schema (`save`).
      async (req) => ok(await decor.save(consoleActor(req), kind, req.body as DecorSaveBody)),
    );
    r.post(
      `${base}/enable`,
      {
        config,
        schema: {
          tags,
          summary: `启用/停用${name}`,
          body: DecorEnableBody,
          response: responses(Empty),
        },
      },
      async (req) => {
        await decor.setEnabled(consoleActor(req), kind, req.body.id, req.body.enabled);
        return ok(null);
      },
    );
    r.post(
      `${base}/delete`,
      {
        config,
        schema: { tags, summary: `删除${name}`, body: DecorIdBody, response: responses(Empty) },
      },
      async (req) => {
        await decor.remove(consoleActor(req), kind, req.body.id);
        return ok(null);
      },
    );
    if (kind === 'popup') continue;
    r.post(
      `${base}/sort`,
      {
        config,
        schema: { tags, summary: `${name}排序`, body: DecorSortBody, response: responses(Empty) },
      },
      async (req) => {
        await decor.sort(consoleActor(req), kind, req.body.ids);
        return ok(null);
      },
    );
  }
}
