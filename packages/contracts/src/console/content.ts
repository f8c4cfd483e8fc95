import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';
import { NOTICE_CONTENT_MAX, NOTICE_LINK_MAX, NOTICE_TITLE_MAX } from '../message.ts';

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const Search = Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' }));

/** A notice's state as the console shows it. */
export const NoticeState = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('published'),
  Type.Literal('withdrawn'),
]);

export const AdminNoticeQuery = PagedQuery({
  q: Search,
  state: Type.Optional(Type.Union(NoticeState.anyOf, { errorId: 'CONTENT_STATUS_INVALID' })),
});
export type AdminNoticeQuery = Static<typeof AdminNoticeQuery>;

export const AdminNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  link: Type.String(),
  /** null: to everyone. */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  state: NoticeState,
  publishAt: Type.String(),
  withdrawnAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  /** How many readers have opened it. */
  reads: Type.Integer(),
});
export type AdminNotice = Static<typeof AdminNotice>;
export const AdminNoticePage = Page(AdminNotice);

/** Create (no id) or change a notice that has not gone out yet; `publishAt` schedules it. */
export const NoticeSaveBody = Type.Object({
  id: Type.Optional(Id('NOTICE_NOT_FOUND')),
  title: Type.String({
    minLength: 1,
    maxLength: NOTICE_TITLE_MAX,
    errorId: 'NOTICE_TITLE_INVALID',
  }),
  content: Type.String({
    minLength: 1,
    maxLength: NOTICE_CONTENT_MAX,
    errorId: 'NOTICE_CONTENT_INVALID',
  }),
  link: Type.Optional(
    Type.String({
      maxLength: NOTICE_LINK_MAX,
      pattern: '^(/[^\\s]*)?$',
      errorId: 'NOTICE_LINK_INVALID',
    }),
  ),
  userId: Type.Optional(Type.Union([Id('NOTICE_USER_NOT_FOUND'), Type.Null()])),
  publishAt: Type.Optional(
    Type.Union([
      Type.String({ format: 'date-time', errorId: 'NOTICE_PUBLISH_AT_INVALID' }),
      Type.Null(),
    ]),
  ),
});
export type NoticeSaveBody = Static<typeof NoticeSaveBody>;
export const NoticeIdBody = Type.Object({ id: Id('NOTICE_NOT_FOUND') });

export const FeedbackStatus = Type.Union(
  [Type.Literal('new'), Type.Literal('processing'), Type.Literal('resolved')],
  { errorId: 'CONTENT_STATUS_INVALID' },
);
export const AdminFeedbackQuery = PagedQuery({
  q: Search,
  status: Type.Optional(FeedbackStatus),
  type: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
});
export type AdminFeedbackQuery = Static<typeof AdminFeedbackQuery>;
export const AdminFeedback = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  nickname: Type.String(),
  type: Type.String(),
  typeText: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  /** The contact phone the user left (as given). */
  phone: Type.String(),
  status: FeedbackStatus,
  reply: Type.Union([Type.String(), Type.Null()]),
  handledAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type AdminFeedback = Static<typeof AdminFeedback>;
export const AdminFeedbackPage = Page(AdminFeedback);
export const FeedbackHandleBody = Type.Object({
  id: Id('FEEDBACK_NOT_FOUND'),
  status: FeedbackStatus,
  reply: Type.Optional(
    Type.String({ minLength: 1, maxLength: 500, errorId: 'FEEDBACK_REPLY_INVALID' }),
  ),
});
export type FeedbackHandleBody = Static<typeof FeedbackHandleBody>;

export const ReportStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('valid'), Type.Literal('invalid')],
  { errorId: 'CONTENT_STATUS_INVALID' },
);
export const AdminReportQuery = PagedQuery({
  status: Type.Optional(ReportStatus),
  targetType: Type.Optional(
    Type.Union(
      [Type.Literal('goods'), Type.Literal('store'), Type.Literal('live'), Type.Literal('user')],
      {
        errorId: 'INVALID_PARAM',
      },
    ),
  ),
});
export type AdminReportQuery = Static<typeof AdminReportQuery>;
export const AdminReport = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  nickname: Type.String(),
  targetType: Type.String(),
  targetId: Type.Integer(),
  reason: Type.String(),
  description: Type.String(),
  images: Type.Array(Type.String()),
  status: ReportStatus,
  result: Type.Union([Type.String(), Type.Null()]),
  handledAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type AdminReport = Static<typeof AdminReport>;
export const AdminReportPage = Page(AdminReport);
/** A pending report is found valid or not, with a note; decided once. */
export const ReportHandleBody = Type.Object({
  id: Id('REPORT_NOT_FOUND'),
  status: Type.Union([Type.Literal('valid'), Type.Literal('invalid')], {
    errorId: 'CONTENT_STATUS_INVALID',
  }),
  result: Type.String({ minLength: 1, maxLength: 500, errorId: 'REPORT_RESULT_INVALID' }),
});
export type ReportHandleBody = Static<typeof ReportHandleBody>;

/** Dictionaries the console edits: 联系我们, feedback types, report reasons. */
export const EditableDictionary = Type.Union(
  [Type.Literal('contact_us'), Type.Literal('feedback_type'), Type.Literal('report_reason')],
  { errorId: 'DICTIONARY_CODE_INVALID' },
);
export const DictionaryItemInput = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 20, errorId: 'DICTIONARY_ITEMS_INVALID' }),
  value: Type.String({ minLength: 1, maxLength: 100, errorId: 'DICTIONARY_ITEMS_INVALID' }),
});
export const DictionarySaveBody = Type.Object({
  code: EditableDictionary,
  items: Type.Array(DictionaryItemInput, {
    minItems: 1,
    maxItems: 20,
    errorId: 'DICTIONARY_ITEMS_INVALID',
  }),
});
export type DictionarySaveBody = Static<typeof DictionarySaveBody>;
export const AdminDictionaryQuery = Type.Object({ code: EditableDictionary });

export const AdminRule = Type.Object({
  code: Type.String(),
  title: Type.String(),
  paragraphs: Type.Array(Type.String()),
  updatedAt: Type.String(),
});
export const AdminRuleList = Type.Array(AdminRule);
