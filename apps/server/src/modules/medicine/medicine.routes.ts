import {
  AdminPharmacist,
  AdminVisitsQuery,
  DeskQuery,
  MyVisitsQuery,
  Page,
  Pharmacist,
  PharmacistBody,
  PharmacistDesk,
  PharmacistListQuery,
  PharmacistUpdateBody,
  PrescribeBody,
  RejectVisitBody,
  Visit,
  VisitBody,
  VisitDetail,
  VisitIdBody,
  VisitIdQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { MedicineService } from './medicine.service.ts';

const tags = ['medicine'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };
const adminTags = ['admin'];

/** starYaoOfficer (明星药师), writeVisit (复诊开药), preInfo (处方信息) and the operator's side. */
export async function medicineRoutes(app: FastifyInstance, medicine: MedicineService) {
  const r = typed(app);
  r.get(
    `${API}/medicine/pharmacists`,
    {
      schema: {
        tags,
        summary: '明星药师列表（在线的在前）',
        querystring: PharmacistListQuery,
        response: responses(Page(Pharmacist)),
      },
    },
    async (req) => ok(await medicine.pharmacists(req.query)),
  );
  r.post(
    `${API}/medicine/visit/submit`,
    {
      config: user,
      schema: {
        tags,
        summary:
          '提交复诊开药申请（须确认为复诊；同一 clientKey 只生成一个申请；待接诊申请有数量上限）',
        body: VisitBody,
        response: responses(VisitDetail),
      },
    },
    async (req) => ok(await medicine.submit(currentUser(req).id, req.body)),
  );
  r.get(
    `${API}/medicine/desk`,
    {
      config: user,
      schema: {
        tags,
        summary: '药师工作台：等待我接诊的复诊申请（非药师账号 pharmacist=false）',
        querystring: DeskQuery,
        response: responses(PharmacistDesk),
      },
    },
    async (req) => ok(await medicine.desk(currentUser(req).id, req.query)),
  );
  r.get(
    `${API}/medicine/visits`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的复诊申请（新的在前）',
        querystring: MyVisitsQuery,
        response: responses(Page(Visit)),
      },
    },
    async (req) => ok(await medicine.myVisits(currentUser(req).id, req.query)),
  );
  r.get(
    `${API}/medicine/visit`,
    {
      config: user,
      schema: {
        tags,
        summary: '复诊申请详情与处方（仅本人可见）',
        querystring: VisitIdQuery,
        response: responses(VisitDetail),
      },
    },
    async (req) => ok(await medicine.detail(req.query.id, currentUser(req).id)),
  );
  r.post(
    `${API}/medicine/visit/cancel`,
    {
      config: user,
      schema: {
        tags,
        summary: '取消待接诊的复诊申请',
        body: VisitIdBody,
        response: responses(VisitDetail),
      },
    },
    async (req) => ok(await medicine.cancel(currentUser(req).id, req.body.id)),
  );

  r.get(
    `${API}/admin/medicine/pharmacists`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：药师列表（含未上架）',
        querystring: PharmacistListQuery,
        response: responses(Page(AdminPharmacist)),
      },
    },
    async (req) => ok(await medicine.adminPharmacists(req.query)),
  );
  r.post(
    `${API}/admin/medicine/pharmacist/create`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：新增药师（绑定一个已注册的用户账号用于聊天）',
        body: PharmacistBody,
        response: responses(AdminPharmacist),
      },
    },
    async (req) => ok(await medicine.createPharmacist(req.body)),
  );
  r.post(
    `${API}/admin/medicine/pharmacist/update`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：修改药师信息（只改传入的字段）',
        body: PharmacistUpdateBody,
        response: responses(AdminPharmacist),
      },
    },
    async (req) => ok(await medicine.updatePharmacist(req.body)),
  );
  r.get(
    `${API}/admin/medicine/visits`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：复诊申请列表',
        querystring: AdminVisitsQuery,
        response: responses(Page(Visit)),
      },
    },
    async (req) => ok(await medicine.adminVisits(req.query)),
  );
  r.get(
    `${API}/admin/medicine/visit`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：复诊申请详情与处方',
        querystring: VisitIdQuery,
        response: responses(VisitDetail),
      },
    },
    async (req) => ok(await medicine.detail(req.query.id)),
  );
  r.post(
    `${API}/admin/medicine/prescribe`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营/药师：为待接诊的申请开具处方',
        body: PrescribeBody,
        response: responses(VisitDetail),
      },
    },
    async (req) => ok(await medicine.prescribe(req.body)),
  );
  r.post(
    `${API}/admin/medicine/reject`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营/药师：驳回待接诊的申请（须填写原因）',
        body: RejectVisitBody,
        response: responses(VisitDetail),
      },
    },
    async (req) => ok(await medicine.reject(req.body)),
  );
}
