import {
  AssetsData,
  BillPage,
  BillQuery,
  DeletedCount,
  RedPacket,
  RedPacketIdBody,
  RedPacketIdQuery,
  RedPacketIssueBody,
  RedPacketIssued,
  RedPacketListQuery,
  RedPacketOpened,
  RedPacketPage,
  WalletRulesData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { RedPacketService } from './red-packet.service.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];
const user = { auth: 'user' as const };

/** 我的资产, 明细, the rules pages and red packets (SPEC §2 userMyAssets, §7 Account). */
export async function walletRoutes(
  app: FastifyInstance,
  wallet: WalletService,
  packets: RedPacketService,
) {
  const r = typed(app);

  r.get(
    `${API}/wallet/assets`,
    { config: user, schema: { tags, summary: '我的资产', response: responses(AssetsData) } },
    async (req) => ok(await wallet.assets(currentUser(req).id)),
  );

  r.get(
    `${API}/wallet/bill`,
    {
      config: user,
      schema: {
        tags,
        summary: '明细：余额和红包的每一笔变动（按类型、月份筛选）',
        querystring: BillQuery,
        response: responses(BillPage),
      },
    },
    async (req) => ok(await wallet.bill(currentUser(req).id, req.query)),
  );

  r.get(
    `${API}/wallet/rules`,
    {
      schema: {
        tags,
        summary: '规则页的数字（红包抵扣比例、有效期等，按运营配置）',
        response: responses(WalletRulesData),
      },
    },
    async () => ok(wallet.rules()),
  );

  const base = `${API}/redPacket`;
  r.get(
    `${base}/list`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的红包',
        querystring: RedPacketListQuery,
        response: responses(RedPacketPage),
      },
    },
    async (req) => ok(await packets.list(currentUser(req).id, req.query)),
  );

  r.post(
    `${base}/open`,
    {
      config: user,
      schema: {
        tags,
        summary: '拆红包',
        body: RedPacketIdBody,
        response: responses(RedPacketOpened),
      },
    },
    async (req) => ok(await packets.open(currentUser(req).id, req.body.id)),
  );

  r.get(
    `${base}/detail`,
    {
      config: user,
      schema: {
        tags,
        summary: '红包详情',
        querystring: RedPacketIdQuery,
        response: responses(RedPacket),
      },
    },
    async (req) => ok(await packets.detail(currentUser(req).id, req.query.id)),
  );

  r.post(
    `${base}/deleteALL`,
    {
      config: user,
      schema: { tags, summary: '一键删除已过期红包', response: responses(DeletedCount) },
    },
    async (req) => ok(await packets.deleteExpired(currentUser(req).id)),
  );

  r.post(
    `${API}/admin/redPacket/issue`,
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: '运营：发放红包',
        body: RedPacketIssueBody,
        response: responses(RedPacketIssued),
      },
    },
    async (req) => ok({ issued: await packets.issue(req.body) }),
  );
}
