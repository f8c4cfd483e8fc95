import {
  AdminDictionaryQuery,
  AdminFeedbackPage,
  AdminFeedbackQuery,
  AdminReportPage,
  AdminReportQuery,
  DictionaryData,
  DictionarySaveBody,
  Empty,
  FeedbackHandleBody,
  ReportHandleBody,
  RuleData,
  RuleUpdateBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { ContentDesk } from './content-desk.service.ts';

const tags = ['admin'];
const gate = { auth: 'admin' as const, perm: 'content.write' };

/** The console's 内容 pages: feedback, reports, rule pages, 联系我们 and other dictionaries. */
export async function contentDeskRoutes(app: FastifyInstance, desk: ContentDesk) {
  const r = typed(app);
  const base = `${API}/admin`;

  r.get(
    `${base}/feedback/list`,
    {
      config: gate,
      schema: {
        tags,
        summary: '意见反馈列表',
        querystring: AdminFeedbackQuery,
        response: responses(AdminFeedbackPage),
      },
    },
    async (req) => ok(await desk.feedback(req.query)),
  );
  r.post(
    `${base}/feedback/handle`,
    {
      config: gate,
      schema: {
        tags,
        summary: '处理反馈（状态与回复）',
        body: FeedbackHandleBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await desk.handleFeedback(consoleActor(req), req.body);
      return ok(null);
    },
  );

  r.get(
    `${base}/report/list`,
    {
      config: gate,
      schema: {
        tags,
        summary: '举报列表',
        querystring: AdminReportQuery,
        response: responses(AdminReportPage),
      },
    },
    async (req) => ok(await desk.reports(req.query)),
  );
  r.post(
    `${base}/report/handle`,
    {
      config: gate,
      schema: {
        tags,
        summary: '处理举报（成立/不成立）',
        body: ReportHandleBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await desk.handleReport(consoleActor(req), req.body);
      return ok(null);
    },
  );

  r.get(
    `${base}/rule/list`,
    {
      config: gate,
      schema: { tags, summary: '规则页列表', response: responses(Type.Array(RuleData)) },
    },
    async () => ok(await desk.rules()),
  );
  r.post(
    `${base}/rule/update`,
    {
      config: gate,
      schema: {
        tags,
        summary: '编辑规则页（标题与段落；新编码则新建）；段落以“一、”等开头的显示为小标题',
        body: RuleUpdateBody,
        response: responses(RuleData),
      },
    },
    async (req) => ok(await desk.updateRule(consoleActor(req), req.body)),
  );

  r.get(
    `${base}/dictionary`,
    {
      config: gate,
      schema: {
        tags,
        summary: '可编辑字典（联系我们、反馈类型、举报原因）',
        querystring: AdminDictionaryQuery,
        response: responses(DictionaryData),
      },
    },
    async (req) => ok(await desk.dictionary(req.query.code)),
  );
  r.post(
    `${base}/dictionary/save`,
    {
      config: gate,
      schema: {
        tags,
        summary: '保存字典（整体替换，按顺序）',
        body: DictionarySaveBody,
        response: responses(DictionaryData),
      },
    },
    async (req) => ok(await desk.saveDictionary(consoleActor(req), req.body)),
  );
}
