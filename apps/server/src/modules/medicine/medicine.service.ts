import {
  type AdminPharmacist,
  type AdminVisitsQuery,
  type DeskQuery,
  type MyVisitsQuery,
  type PageOf,
  type Pharmacist,
  type PharmacistBody,
  type PharmacistDesk,
  type PharmacistListQuery,
  type PharmacistUpdateBody,
  type PrescribeBody,
  type Prescription,
  type RejectVisitBody,
  type RxDrug,
  VISIT_STATUS_TEXT,
  type Visit,
  type VisitBody,
  type VisitDetail,
} from '@chaopin/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MedicineRepo, PharmacistRow, VisitRow } from './medicine.repo.ts';
import type { MedicineDb, MedicinePharmacistTable } from './medicine.tables.ts';
import { chars, clean, docNo } from './medicine-text.ts';

export interface MedicineOptions {
  /** Waiting (待接诊) requests one user may have at once. */
  openMax: number;
  /** Days a prescription stays valid. */
  rxValidDays: number;
}

/** Tells whether an app account exists (the user module answers). */
export type AccountExists = (userId: number) => Promise<boolean>;

/** The product title and SKU name of those of `ids` that exist (the catalogue answers). */
export type SkuNames = (
  ids: readonly number[],
) => Promise<Map<number, { name: string; spec: string }>>;

const DAY_MS = 86_400_000;

/**
 * 在线复诊开药: pharmacists (operator-managed), follow-up requests (at most `openMax` waiting per
 * user, one per client key) and the prescription a pharmacist writes for one. A request is read
 * only by its owner (anyone else is told it does not exist) and by operators.
 */
export class MedicineService {
  constructor(
    private readonly db: Db,
    private readonly repo: MedicineRepo,
    private readonly accountExists: AccountExists,
    private readonly options: MedicineOptions,
    /** The 消息中心 notices of a request's turns, written in the turn's transaction. */
    private readonly events: DomainEvents,
    private readonly skuNames: SkuNames,
  ) {}

  // --- pharmacists ---

  async pharmacists(q: PharmacistListQuery): Promise<PageOf<Pharmacist>> {
    return this.pharmacistPage(q, true, (r) => this.toPharmacist(r));
  }

  async adminPharmacists(q: PharmacistListQuery): Promise<PageOf<AdminPharmacist>> {
    return this.pharmacistPage(q, false, (r) => this.toAdminPharmacist(r));
  }

  private async pharmacistPage<T>(
    q: PharmacistListQuery,
    enabledOnly: boolean,
    map: (r: PharmacistRow) => T,
  ): Promise<PageOf<T>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.pharmacists(
      enabledOnly,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(map), total: total.n, pageNum, pageSize };
  }

  async createPharmacist(body: PharmacistBody): Promise<AdminPharmacist> {
    if (!(await this.accountExists(body.userId))) {
      throw new AppError('MEDICINE_PHARMACIST_USER_NOT_FOUND');
    }
    const fields = this.pharmacistFields(body);
    const row = await this.repo.insertPharmacist({
      user_id: body.userId,
      name: fields.name ?? '',
      title: fields.title ?? '',
      hospital: fields.hospital ?? '',
      ...fields,
    });
    if (!row) throw new AppError('MEDICINE_PHARMACIST_USER_TAKEN');
    return this.toAdminPharmacist(row);
  }

  async updatePharmacist(body: PharmacistUpdateBody): Promise<AdminPharmacist> {
    const { id, userId, ...rest } = body;
    if (!(await this.repo.pharmacist(id))) throw new AppError('MEDICINE_PHARMACIST_NOT_FOUND');
    const set: Updateable<MedicinePharmacistTable> = this.pharmacistFields(rest);
    if (userId !== undefined) {
      if (!(await this.accountExists(userId))) {
        throw new AppError('MEDICINE_PHARMACIST_USER_NOT_FOUND');
      }
      const other = await this.repo.pharmacistOfUser(userId);
      if (other && other.id !== id) throw new AppError('MEDICINE_PHARMACIST_USER_TAKEN');
      set.user_id = userId;
    }
    if (Object.keys(set).length === 0) throw new AppError('MEDICINE_PHARMACIST_INVALID');
    const row = await this.repo.updatePharmacist(id, set);
    if (!row) throw new AppError('MEDICINE_PHARMACIST_NOT_FOUND');
    return this.toAdminPharmacist(row);
  }

  /** The columns of the fields given; the required texts may not be blank. */
  private pharmacistFields(
    body: Omit<Partial<PharmacistBody>, 'userId'>,
  ): Updateable<MedicinePharmacistTable> {
    const out: Updateable<MedicinePharmacistTable> = {};
    for (const key of ['name', 'title', 'hospital'] as const) {
      const v = body[key];
      if (v === undefined) continue;
      if (!clean(v)) throw new AppError('MEDICINE_PHARMACIST_INVALID');
      out[key] = clean(v);
    }
    if (body.speciality !== undefined) out.speciality = clean(body.speciality);
    if (body.intro !== undefined) out.intro = clean(body.intro);
    if (body.avatar !== undefined) out.avatar = clean(body.avatar);
    if (body.consultCount !== undefined) out.consult_count = body.consultCount;
    if (body.rating !== undefined) out.rating_tenths = Math.round(body.rating * 10);
    if (body.online !== undefined) out.online = body.online;
    if (body.enabled !== undefined) out.enabled = body.enabled;
    if (body.sort !== undefined) out.sort = body.sort;
    return out;
  }

  private toPharmacist(r: PharmacistRow): Pharmacist {
    return {
      id: r.id,
      name: r.name,
      title: r.title,
      hospital: r.hospital,
      speciality: r.speciality,
      intro: r.intro,
      avatar: r.avatar,
      consultCount: r.consult_count,
      rating: r.rating_tenths / 10,
      online: r.online,
      chatUserId: String(r.user_id),
    };
  }

  private toAdminPharmacist(r: PharmacistRow): AdminPharmacist {
    return { ...this.toPharmacist(r), userId: r.user_id, enabled: r.enabled, sort: r.sort };
  }

  // --- follow-up requests ---

  /**
   * Files a request. The same client key answers the request it made (a double tap, a retry
   * after a lost answer) even past the limit; the per-user lock makes the count and the insert
   * one step, so concurrent submits never exceed `openMax`.
   */
  async submit(userId: number, body: VisitBody): Promise<VisitDetail> {
    const patientName = clean(body.patientName);
    if (chars(patientName) < 2) throw new AppError('MEDICINE_PATIENT_NAME_INVALID');
    const diagnosis = clean(body.diagnosis);
    if (!diagnosis) throw new AppError('MEDICINE_DIAGNOSIS_INVALID');
    if (body.confirmed !== true) throw new AppError('MEDICINE_CONSENT_REQUIRED');
    const images = body.images ?? [];
    if (images.some((u) => u.includes('..'))) throw new AppError('MEDICINE_IMAGES_INVALID');

    const id = await this.db.transaction().execute(async (trx) => {
      const own: MedicineDb = narrowDb(trx);
      await this.repo.lockUser(own, userId);
      const same = await this.repo.visitIdByKey(own, userId, body.clientKey);
      if (same) return same.id;
      const open = await this.repo.openCount(own, userId);
      if (open >= this.options.openMax) {
        throw new AppError('MEDICINE_OPEN_LIMIT', { max: this.options.openMax });
      }
      const pharmacist = await this.repo.pharmacist(body.pharmacistId, own);
      if (!pharmacist?.enabled) throw new AppError('MEDICINE_PHARMACIST_NOT_FOUND');
      const newId = await this.repo.nextId(own, 'medicine_visit');
      const visitNo = docNo('FZ', newId, new Date());
      await this.repo.insertVisit(own, {
        id: newId,
        visit_no: visitNo,
        user_id: userId,
        client_key: body.clientKey,
        pharmacist_id: pharmacist.id,
        patient_name: patientName,
        gender: body.gender,
        age: body.age,
        phone: body.phone,
        diagnosis,
        drugs: clean(body.drugs),
        description: clean(body.description),
        images: JSON.stringify(images),
      });
      await this.events.emit(trx, {
        type: 'medicine.assigned',
        userId: pharmacist.user_id,
        visitId: newId,
        visitNo,
      });
      return newId;
    });
    return this.detail(id, userId);
  }

  async myVisits(userId: number, q: MyVisitsQuery): Promise<PageOf<Visit>> {
    return this.visitPage({ userId, status: q.status }, q);
  }

  async adminVisits(q: AdminVisitsQuery): Promise<PageOf<Visit>> {
    return this.visitPage({ status: q.status, pharmacistId: q.pharmacistId }, q);
  }

  private async visitPage(
    filter: Parameters<MedicineRepo['visits']>[0],
    q: { pageNum?: number; pageSize?: number },
  ): Promise<PageOf<Visit>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.visits(filter, pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map((r) => this.toVisit(r)), total: total.n, pageNum, pageSize };
  }

  /** 药师工作台: the requests waiting for the caller, when the caller is a pharmacist. */
  async desk(userId: number, q: DeskQuery): Promise<PharmacistDesk> {
    const me = await this.repo.pharmacistOfUser(userId);
    if (!me) return { pharmacist: false, list: [], total: 0 };
    const pageSize = q.pageSize ?? 20;
    const [rows, total] = await this.repo.visits(
      { pharmacistId: me.id, status: 'submitted' },
      pageSize,
      ((q.pageNum ?? 1) - 1) * pageSize,
    );
    return {
      pharmacist: true,
      list: rows.map((r) => {
        const { phone: _phone, ...visit } = this.toVisit(r);
        return { ...visit, chatUserId: String(r.user_id) };
      }),
      total: total.n,
    };
  }

  /** One request with its prescription; `userId` (a user's read) must own it. */
  async detail(id: number, userId?: number): Promise<VisitDetail> {
    const row = await this.repo.visit(id);
    if (!row || (userId !== undefined && row.user_id !== userId)) {
      throw new AppError('MEDICINE_VISIT_NOT_FOUND');
    }
    const rx = row.status === 'prescribed' ? await this.repo.prescription(id) : undefined;
    return { ...this.toVisit(row), prescription: rx ? this.toPrescription(rx) : null };
  }

  /** The owner withdraws a request no pharmacist has handled yet. */
  async cancel(userId: number, id: number): Promise<VisitDetail> {
    const done = await this.db
      .transaction()
      .execute(async (trx) => this.repo.close(narrowDb(trx), id, 'cancelled', { userId }));
    if (!done) await this.explainNotClosed(id, userId);
    return this.detail(id, userId);
  }

  async prescribe(body: PrescribeBody): Promise<VisitDetail> {
    const skuIds = body.drugs.map((d) => d.skuId);
    // One line per SKU: the prescription buys each SKU's quantity once.
    if (new Set(skuIds).size !== skuIds.length) throw new AppError('MEDICINE_PRESCRIPTION_INVALID');
    const names = await this.skuNames(skuIds);
    const drugs: RxDrug[] = [];
    for (const d of body.drugs) {
      const sku = names.get(d.skuId);
      const usage = clean(d.usage);
      if (!sku || !usage) throw new AppError('MEDICINE_PRESCRIPTION_INVALID');
      drugs.push({ skuId: d.skuId, name: sku.name, spec: sku.spec, quantity: d.quantity, usage });
    }
    const ok = await this.db.transaction().execute(async (trx) => {
      const own: MedicineDb = narrowDb(trx);
      const visit = await this.repo.visit(body.visitId, own);
      if (!visit) throw new AppError('MEDICINE_VISIT_NOT_FOUND');
      if (!(await this.repo.close(own, visit.id, 'prescribed'))) return false;
      const now = new Date();
      const validUntil = new Date(now.getTime() + this.options.rxValidDays * DAY_MS);
      const rxId = await this.repo.nextId(own, 'medicine_prescription');
      await this.repo.insertPrescription(
        own,
        {
          id: rxId,
          visit_id: visit.id,
          rx_no: docNo('RX', rxId, now),
          pharmacist_id: visit.pharmacist_id,
          drugs: JSON.stringify(drugs),
          advice: clean(body.advice),
          issued_at: now,
          valid_until: validUntil,
        },
        body.drugs,
      );
      await this.repo.countConsult(own, visit.pharmacist_id);
      await this.events.emit(trx, {
        type: 'medicine.prescribed',
        userId: visit.user_id,
        visitId: visit.id,
        validUntil,
      });
      return true;
    });
    if (!ok) throw new AppError('MEDICINE_VISIT_STATE');
    return this.detail(body.visitId);
  }

  async reject(body: RejectVisitBody): Promise<VisitDetail> {
    const reason = clean(body.reason);
    if (!reason) throw new AppError('MEDICINE_REJECT_REASON_INVALID');
    const done = await this.db.transaction().execute(async (trx) => {
      const own: MedicineDb = narrowDb(trx);
      if (!(await this.repo.close(own, body.visitId, 'rejected', { reason }))) return false;
      const visit = await this.repo.visit(body.visitId, own);
      if (visit) {
        await this.events.emit(trx, {
          type: 'medicine.rejected',
          userId: visit.user_id,
          visitId: visit.id,
          reason,
        });
      }
      return true;
    });
    if (!done) await this.explainNotClosed(body.visitId);
    return this.detail(body.visitId);
  }

  /** Why a move from 待接诊 found nothing: no such request (for this user), or it moved on. */
  private async explainNotClosed(id: number, userId?: number): Promise<never> {
    const row = await this.repo.visit(id);
    if (!row || (userId !== undefined && row.user_id !== userId)) {
      throw new AppError('MEDICINE_VISIT_NOT_FOUND');
    }
    throw new AppError('MEDICINE_VISIT_STATE');
  }

  private toVisit(r: VisitRow): Visit {
    return {
      id: r.id,
      visitNo: r.visit_no,
      status: r.status,
      statusText: VISIT_STATUS_TEXT[r.status],
      pharmacist: {
        id: r.pharmacist_id,
        name: r.ph_name,
        title: r.ph_title,
        hospital: r.ph_hospital,
        avatar: r.ph_avatar,
        chatUserId: String(r.ph_user_id),
      },
      patientName: r.patient_name,
      gender: r.gender,
      age: r.age,
      phone: r.phone,
      diagnosis: r.diagnosis,
      drugs: r.drugs,
      description: r.description,
      images: JSON.parse(r.images) as string[],
      rejectReason: r.reject_reason,
      createdAt: r.created_at.toISOString(),
      closedAt: r.closed_at ? r.closed_at.toISOString() : null,
    };
  }

  private toPrescription(
    r: NonNullable<Awaited<ReturnType<MedicineRepo['prescription']>>>,
  ): Prescription {
    return {
      rxNo: r.rx_no,
      drugs: JSON.parse(r.drugs) as RxDrug[],
      advice: r.advice,
      pharmacistName: r.ph_name,
      pharmacistTitle: r.ph_title,
      issuedAt: r.issued_at.toISOString(),
      validUntil: r.valid_until.toISOString(),
      expired: r.valid_until.getTime() <= Date.now(),
      used: r.used_order_id !== null,
    };
  }
}
