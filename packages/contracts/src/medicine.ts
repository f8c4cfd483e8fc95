// 在线复诊开药: operator-managed pharmacists (明星药师) who chat from an app account, follow-up
// consultation requests (复诊申请) a patient files with a diagnosis already made offline, and the
// prescription (处方) a pharmacist writes for one.
import { type Static, Type } from 'typebox';
import { MAX_ID, PHONE_PATTERN } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN } from './order/index.ts';

/** Operator defaults (env MEDICINE_*). */
export const MEDICINE_DEFAULTS = {
  /** Requests one user may have waiting (待接诊) at once. */
  OPEN_MAX: 3,
  /** Days a prescription stays valid after it is issued. */
  RX_VALID_DAYS: 3,
} as const;

export const VISIT_NAME_MIN = 2;
export const VISIT_NAME_MAX = 20;
export const VISIT_AGE_MIN = 1;
export const VISIT_AGE_MAX = 120;
export const VISIT_DIAGNOSIS_MAX = 200;
export const VISIT_DRUGS_MAX = 500;
export const VISIT_DESCRIPTION_MAX = 1000;
export const VISIT_IMAGES_MAX = 6;
export const VISIT_REJECT_REASON_MAX = 200;
export const RX_ADVICE_MAX = 500;
export const RX_DRUGS_MAX = 20;

/** Only images this server stored from an upload (common/multipleUploadLocal). */
export const OWN_IMAGE_PATTERN = '^/uploads/image/[A-Za-z0-9_-][A-Za-z0-9/_.-]{0,199}$';

export const VISIT_STATUSES = ['submitted', 'prescribed', 'rejected', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];
export const VISIT_STATUS_TEXT: Record<VisitStatus, string> = {
  submitted: '待接诊',
  prescribed: '已开方',
  rejected: '已驳回',
  cancelled: '已取消',
};
const VisitStatusSchema = Type.Union([
  Type.Literal('submitted'),
  Type.Literal('prescribed'),
  Type.Literal('rejected'),
  Type.Literal('cancelled'),
]);

export const VISIT_GENDERS = ['male', 'female'] as const;
export type VisitGender = (typeof VISIT_GENDERS)[number];
export const VISIT_GENDER_TEXT: Record<VisitGender, string> = { male: '男', female: '女' };

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });

// --- pharmacists (明星药师) ---

export const Pharmacist = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** e.g. 主管药师, 执业药师. */
  title: Type.String(),
  hospital: Type.String(),
  speciality: Type.String(),
  intro: Type.String(),
  avatar: Type.String(),
  consultCount: Type.Integer(),
  /** 0-5, one decimal. */
  rating: Type.Number(),
  online: Type.Boolean(),
  /** The IM id the pharmacist answers from (the chat page's conversation is `C2C<chatUserId>`). */
  chatUserId: Type.String(),
});
export type Pharmacist = Static<typeof Pharmacist>;

/** The operator's view: also the bound account and whether the pharmacist is listed. */
export const AdminPharmacist = Type.Object({
  ...Pharmacist.properties,
  userId: Type.Integer(),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
});
export type AdminPharmacist = Static<typeof AdminPharmacist>;

const PharmacistText = (max: number, min = 0) =>
  Type.String({ minLength: min, maxLength: max, errorId: 'MEDICINE_PHARMACIST_INVALID' });
const pharmacistFields = {
  name: PharmacistText(20, 1),
  title: PharmacistText(20, 1),
  hospital: PharmacistText(60, 1),
  speciality: PharmacistText(100),
  intro: PharmacistText(500),
  avatar: PharmacistText(300),
  consultCount: Type.Integer({
    minimum: 0,
    maximum: 100_000_000,
    errorId: 'MEDICINE_PHARMACIST_INVALID',
  }),
  rating: Type.Number({ minimum: 0, maximum: 5, errorId: 'MEDICINE_PHARMACIST_INVALID' }),
  online: Type.Boolean({ errorId: 'MEDICINE_PHARMACIST_INVALID' }),
  enabled: Type.Boolean({ errorId: 'MEDICINE_PHARMACIST_INVALID' }),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000, errorId: 'MEDICINE_PHARMACIST_INVALID' }),
};

export const PharmacistBody = Type.Object({
  /** The registered account the pharmacist chats from. */
  userId: Id('MEDICINE_PHARMACIST_USER_NOT_FOUND'),
  name: pharmacistFields.name,
  title: pharmacistFields.title,
  hospital: pharmacistFields.hospital,
  speciality: Type.Optional(pharmacistFields.speciality),
  intro: Type.Optional(pharmacistFields.intro),
  avatar: Type.Optional(pharmacistFields.avatar),
  consultCount: Type.Optional(pharmacistFields.consultCount),
  rating: Type.Optional(pharmacistFields.rating),
  online: Type.Optional(pharmacistFields.online),
  enabled: Type.Optional(pharmacistFields.enabled),
  sort: Type.Optional(pharmacistFields.sort),
});
export type PharmacistBody = Static<typeof PharmacistBody>;

/** Changes the fields given. */
export const PharmacistUpdateBody = Type.Object({
  id: Id('MEDICINE_PHARMACIST_NOT_FOUND'),
  ...Type.Partial(PharmacistBody).properties,
});
export type PharmacistUpdateBody = Static<typeof PharmacistUpdateBody>;

export const PharmacistListQuery = PagedQuery({});
export type PharmacistListQuery = Static<typeof PharmacistListQuery>;

// --- follow-up requests (复诊申请) ---

export const VisitBody = Type.Object({
  /** One per submit attempt: a resubmit with the same key answers the same request. */
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  pharmacistId: Id('MEDICINE_PHARMACIST_NOT_FOUND'),
  patientName: Type.String({
    minLength: VISIT_NAME_MIN,
    maxLength: VISIT_NAME_MAX,
    errorId: 'MEDICINE_PATIENT_NAME_INVALID',
  }),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')], {
    errorId: 'MEDICINE_GENDER_INVALID',
  }),
  age: Type.Integer({
    minimum: VISIT_AGE_MIN,
    maximum: VISIT_AGE_MAX,
    errorId: 'MEDICINE_AGE_INVALID',
  }),
  phone: Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' }),
  diagnosis: Type.String({
    minLength: 1,
    maxLength: VISIT_DIAGNOSIS_MAX,
    errorId: 'MEDICINE_DIAGNOSIS_INVALID',
  }),
  drugs: Type.Optional(
    Type.String({ maxLength: VISIT_DRUGS_MAX, errorId: 'MEDICINE_DRUGS_INVALID' }),
  ),
  description: Type.Optional(
    Type.String({ maxLength: VISIT_DESCRIPTION_MAX, errorId: 'MEDICINE_DESCRIPTION_INVALID' }),
  ),
  images: Type.Optional(
    Type.Array(Type.String({ pattern: OWN_IMAGE_PATTERN, errorId: 'MEDICINE_IMAGES_INVALID' }), {
      maxItems: VISIT_IMAGES_MAX,
      errorId: 'MEDICINE_IMAGES_INVALID',
    }),
  ),
  /** 本人确认已在线下医院确诊，本次为复诊. */
  confirmed: Type.Literal(true, { errorId: 'MEDICINE_CONSENT_REQUIRED' }),
});
export type VisitBody = Static<typeof VisitBody>;

export const PharmacistBrief = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  hospital: Type.String(),
  avatar: Type.String(),
  chatUserId: Type.String(),
});
export type PharmacistBrief = Static<typeof PharmacistBrief>;

export const Visit = Type.Object({
  id: Type.Integer(),
  /** FZ + date + digits, shown as 申请单号. */
  visitNo: Type.String(),
  status: VisitStatusSchema,
  statusText: Type.String(),
  pharmacist: PharmacistBrief,
  patientName: Type.String(),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')]),
  age: Type.Integer(),
  phone: Type.String(),
  diagnosis: Type.String(),
  drugs: Type.String(),
  description: Type.String(),
  images: Type.Array(Type.String()),
  rejectReason: Type.Union([Type.Null(), Type.String()]),
  createdAt: Type.String(),
  /** When it was prescribed, rejected or cancelled. */
  closedAt: Type.Union([Type.Null(), Type.String()]),
});
export type Visit = Static<typeof Visit>;

const RxQuantity = Type.Integer({
  minimum: 1,
  maximum: 99,
  errorId: 'MEDICINE_PRESCRIPTION_INVALID',
});
/** 用法用量, e.g. 口服，一次1片，一日2次. */
const RxUsage = Type.String({
  minLength: 1,
  maxLength: 100,
  errorId: 'MEDICINE_PRESCRIPTION_INVALID',
});

/** A prescribed drug as shown: name (the product's title) and spec (the SKU's name) as written. */
export const RxDrug = Type.Object({
  /** Absent on prescriptions written before drugs were SKUs. */
  skuId: Type.Optional(Type.Integer()),
  name: Type.String(),
  spec: Type.String(),
  quantity: Type.Integer(),
  usage: Type.String(),
});
export type RxDrug = Static<typeof RxDrug>;

/** What the pharmacist prescribes: a SKU, how many, and how to take it. */
export const RxLine = Type.Object({
  skuId: Id('MEDICINE_PRESCRIPTION_INVALID'),
  quantity: RxQuantity,
  usage: RxUsage,
});
export type RxLine = Static<typeof RxLine>;

export const Prescription = Type.Object({
  rxNo: Type.String(),
  drugs: Type.Array(RxDrug),
  advice: Type.String(),
  pharmacistName: Type.String(),
  pharmacistTitle: Type.String(),
  issuedAt: Type.String(),
  validUntil: Type.String(),
  expired: Type.Boolean(),
  /** 已购药: an order (not closed unpaid) bought it; a prescription buys once. */
  used: Type.Boolean(),
});
export type Prescription = Static<typeof Prescription>;

export const VisitDetail = Type.Object({
  ...Visit.properties,
  prescription: Type.Union([Type.Null(), Prescription]),
});
export type VisitDetail = Static<typeof VisitDetail>;

export const VisitIdQuery = Type.Object({ id: Id('MEDICINE_VISIT_NOT_FOUND') });
export type VisitIdQuery = Static<typeof VisitIdQuery>;
export const VisitIdBody = VisitIdQuery;
export type VisitIdBody = VisitIdQuery;

const StatusFilter = Type.Optional(
  Type.Union(
    [
      Type.Literal('submitted'),
      Type.Literal('prescribed'),
      Type.Literal('rejected'),
      Type.Literal('cancelled'),
    ],
    { errorId: 'INVALID_PARAM' },
  ),
);
/** 药师工作台: a request waiting for me, without the patient's phone; chat with the patient. */
export const DeskVisit = Type.Intersect([
  Type.Omit(Visit, ['phone']),
  Type.Object({ chatUserId: Type.String() }),
]);
export type DeskVisit = Static<typeof DeskVisit>;

/** The signed-in account's desk: `pharmacist` false (and no list) for anyone who is not one. */
export const PharmacistDesk = Type.Object({
  pharmacist: Type.Boolean(),
  list: Type.Array(DeskVisit),
  total: Type.Integer(),
});
export type PharmacistDesk = Static<typeof PharmacistDesk>;
export const DeskQuery = PagedQuery({});
export type DeskQuery = Static<typeof DeskQuery>;

export const MyVisitsQuery = PagedQuery({ status: StatusFilter });
export type MyVisitsQuery = Static<typeof MyVisitsQuery>;

export const AdminVisitsQuery = PagedQuery({
  status: StatusFilter,
  pharmacistId: Type.Optional(Id('MEDICINE_PHARMACIST_NOT_FOUND')),
});
export type AdminVisitsQuery = Static<typeof AdminVisitsQuery>;

export const PrescribeBody = Type.Object({
  visitId: Id('MEDICINE_VISIT_NOT_FOUND'),
  drugs: Type.Array(RxLine, {
    minItems: 1,
    maxItems: RX_DRUGS_MAX,
    errorId: 'MEDICINE_PRESCRIPTION_INVALID',
  }),
  advice: Type.Optional(
    Type.String({ maxLength: RX_ADVICE_MAX, errorId: 'MEDICINE_PRESCRIPTION_INVALID' }),
  ),
});
export type PrescribeBody = Static<typeof PrescribeBody>;

export const RejectVisitBody = Type.Object({
  visitId: Id('MEDICINE_VISIT_NOT_FOUND'),
  reason: Type.String({
    minLength: 1,
    maxLength: VISIT_REJECT_REASON_MAX,
    errorId: 'MEDICINE_REJECT_REASON_INVALID',
  }),
});
export type RejectVisitBody = Static<typeof RejectVisitBody>;
