// Request and response schemas of the service pages: dictionary, rules, feedback, reports.
import { type Static, Type } from 'typebox';
import { MAX_ID, PHONE_PATTERN } from './constants.ts';
import { PageQuery } from './envelope.ts';

export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_IMAGES_MAX = 6;
export const REPORT_DESCRIPTION_MAX = 500;
export const REPORT_IMAGES_MAX = 6;
/** Where a report can point: a product, a store, a live room or a user. */
export const REPORT_TARGETS = ['goods', 'store', 'live', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** Dictionary codes the pages read. */
export const DICTIONARY_CODES = [
  'feedback_type',
  'report_reason',
  'contact_us',
  'invoice_content',
] as const;
/**
 * Rule pages: shopping (rule), promotion (userRule), deduction (writeOrder/rule), and the login
 * page's agreement (rule/agreement: 用户协议) and privacy (rule/privacy: 隐私政策).
 */
export const RULE_CODES = ['shopping', 'promotion', 'deduction', 'agreement', 'privacy'] as const;
export const RULE_TITLE_MAX = 60;
export const RULE_PARAGRAPHS_MAX = 200;
export const RULE_PARAGRAPH_MAX = 2000;

const Code = (errorId: string) =>
  Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$', errorId });

export const DictionaryQuery = Type.Object({ code: Code('DICTIONARY_NOT_FOUND') });
export type DictionaryQuery = Static<typeof DictionaryQuery>;
export const DictionaryItem = Type.Object({ label: Type.String(), value: Type.String() });
export type DictionaryItem = Static<typeof DictionaryItem>;
export const DictionaryData = Type.Object({
  code: Type.String(),
  items: Type.Array(DictionaryItem),
});
export type DictionaryData = Static<typeof DictionaryData>;

export const RuleQuery = Type.Object({ code: Code('RULE_NOT_FOUND') });
export type RuleQuery = Static<typeof RuleQuery>;
export const RuleData = Type.Object({
  code: Type.String(),
  title: Type.String(),
  /** Paragraphs of plain text (the page renders each as a <p>; no HTML is trusted). */
  paragraphs: Type.Array(Type.String()),
  updatedAt: Type.String(),
});
export type RuleData = Static<typeof RuleData>;

/**
 * admin/rule/update: the operator replaces a rule page's title and text (creating the page when
 * the code is new). Paragraphs are plain text; one that starts with 一、 二、 … is a heading.
 * Form bodies send the paragraph list as JSON text.
 */
export const RuleUpdateBody = Type.Object({
  code: Code('RULE_INVALID'),
  title: Type.String({ minLength: 1, maxLength: RULE_TITLE_MAX, errorId: 'RULE_INVALID' }),
  paragraphs: Type.Unknown({ description: 'string[] or its JSON text' }),
});
export type RuleUpdateBody = Static<typeof RuleUpdateBody>;

/**
 * Image lists travel as an array (JSON bodies) or as JSON text / comma-separated text (form
 * bodies); the server parses and checks each url.
 */
const ImagesField = Type.Optional(Type.Unknown({ description: 'string[] or its JSON text' }));

export const FeedbackBody = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 40, errorId: 'FEEDBACK_TYPE_INVALID' }),
  content: Type.String({ maxLength: 2000, errorId: 'FEEDBACK_CONTENT_INVALID' }),
  images: ImagesField,
  phone: Type.Optional(
    Type.String({ pattern: `(?:${PHONE_PATTERN})|^$`, errorId: 'PHONE_INVALID' }),
  ),
});
export type FeedbackBody = Static<typeof FeedbackBody>;
export const Feedback = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  typeText: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  phone: Type.String(),
  /** new 待处理 → processing 处理中 → resolved 已解决. */
  status: Type.Union([Type.Literal('new'), Type.Literal('processing'), Type.Literal('resolved')]),
  /** The operator's answer, once given. */
  reply: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type Feedback = Static<typeof Feedback>;
export const FeedbackListQuery = PageQuery;

export const ReportBody = Type.Object({
  type: Type.Union(
    [Type.Literal('goods'), Type.Literal('store'), Type.Literal('live'), Type.Literal('user')],
    { errorId: 'REPORT_TARGET_INVALID' },
  ),
  targetId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'REPORT_TARGET_INVALID' }),
  reason: Type.String({ minLength: 1, maxLength: 40, errorId: 'REPORT_REASON_INVALID' }),
  description: Type.Optional(
    Type.String({ maxLength: 2000, errorId: 'REPORT_DESCRIPTION_INVALID' }),
  ),
  images: ImagesField,
});
export type ReportBody = Static<typeof ReportBody>;
export const ReportData = Type.Object({ id: Type.Integer() });
export type ReportData = Static<typeof ReportData>;

/** The in-app web view's keys: each webLink route of SPEC §2 may have an operator's default link. */
export const WEB_LINK_KEYS = [
  'user',
  'user1',
  'integral',
  'members',
  'upgrade',
  'subscribe',
  'tim',
  'nationalDay',
] as const;
export type WebLinkKey = (typeof WEB_LINK_KEYS)[number];
export const WebLinkConfigData = Type.Object({
  /** Outside hosts the web view may open (https only); our own pages are always allowed. */
  hosts: Type.Array(Type.String()),
  /** The operator's default link of each web view opened without `url`. */
  pages: Type.Array(Type.Object({ key: Type.String(), url: Type.String(), title: Type.String() })),
});
export type WebLinkConfigData = Static<typeof WebLinkConfigData>;
