import {
  Address,
  AddressAddBody,
  AddressEditBody,
  AddressIdBody,
  AddressIdQuery,
  Empty,
  LevelListQuery,
  Region,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { AddressService } from './address.service.ts';

const tags = ['address'];
const auth = { auth: 'user' as const };

/** The address family: the region picker (public) and the user's delivery addresses. */
export async function addressRoutes(app: FastifyInstance, addresses: AddressService) {
  const r = typed(app);
  const base = `${API}/address`;

  r.get(
    `${base}/levelList`,
    {
      schema: {
        tags,
        summary: '省市区列表：parentCode 为空时返回省份，否则返回其下一级',
        querystring: LevelListQuery,
        response: responses(Type.Array(Region)),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok(await addresses.levelList(req.query.parentCode));
    },
  );

  r.post(
    `${base}/add`,
    {
      config: auth,
      schema: { tags, summary: '新增收货地址', body: AddressAddBody, response: responses(Address) },
    },
    async (req) => ok(await addresses.add(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/query`,
    {
      config: auth,
      schema: {
        tags,
        summary: '收货地址列表（默认地址在前）',
        response: responses(Type.Array(Address)),
      },
    },
    async (req) => ok(await addresses.list(currentUser(req).id)),
  );

  r.get(
    `${base}/queryById`,
    {
      config: auth,
      schema: {
        tags,
        summary: '收货地址详情',
        querystring: AddressIdQuery,
        response: responses(Address),
      },
    },
    async (req) => ok(await addresses.get(currentUser(req).id, req.query.id)),
  );

  r.post(
    `${base}/edit`,
    {
      config: auth,
      schema: {
        tags,
        summary: '修改收货地址',
        body: AddressEditBody,
        response: responses(Address),
      },
    },
    async (req) => ok(await addresses.edit(currentUser(req).id, req.body)),
  );

  r.post(
    `${base}/editDefault`,
    {
      config: auth,
      schema: { tags, summary: '设为默认地址', body: AddressIdBody, response: responses(Address) },
    },
    async (req) => ok(await addresses.setDefault(currentUser(req).id, req.body.id)),
  );

  r.post(
    `${base}/delete`,
    {
      config: auth,
      schema: { tags, summary: '删除收货地址', body: AddressIdBody, response: responses(Empty) },
    },
    async (req) => {
      await addresses.remove(currentUser(req).id, req.body.id);
      return ok(null);
    },
  );
}
