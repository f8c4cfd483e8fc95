import {
  DictionaryData,
  DictionaryQuery,
  Feedback,
  FeedbackBody,
  FeedbackListQuery,
  Page,
  ReportBody,
  ReportData,
  RuleData,
  RuleQuery,
  WebLinkConfigData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { SupportService } from './support.service.ts';

const tags = ['common'];
const auth = { auth: 'user' as const };

/** The service pages' routes under common/: dictionary by code, rules, feedback, report. */
export async function serviceRoutes(
  app: FastifyInstance,
  support: SupportService,
  webLinks: WebLinkConfigData,
) {
  const r = typed(app);
  const base = `${API}/common`;

  r.get(
    `${base}/dictionary`,
    {
      schema: {
        tags,
        summary: '按编码取字典（feedback_type、report_reason、contact_us、invoice_content）',
        querystring: DictionaryQuery,
        response: responses(DictionaryData),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await support.dictionary(req.query.code));
    },
  );

  r.get(
    `${base}/rule`,
    {
      schema: {
        tags,
        summary:
          '规则说明（shopping 购物、promotion 推广、deduction 运费及抵扣、agreement 用户协议、privacy 隐私政策）',
        querystring: RuleQuery,
        response: responses(RuleData),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await support.rule(req.query.code));
    },
  );

  r.get(
    `${base}/webLink`,
    {
      schema: {
        tags,
        summary: '内嵌网页的设置：可打开的外部域名（仅 https）与各网页的默认链接',
        response: responses(WebLinkConfigData),
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(webLinks);
    },
  );

  r.post(
    `${base}/feedback`,
    {
      config: auth,
      schema: { tags, summary: '意见反馈', body: FeedbackBody, response: responses(Feedback) },
    },
    async (req) => ok(await support.feedback(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/feedback/list`,
    {
      config: auth,
      schema: {
        tags,
        summary: '我的反馈',
        querystring: FeedbackListQuery,
        response: responses(Page(Feedback)),
      },
    },
    async (req) => ok(await support.feedbackList(currentUser(req).id, req.query)),
  );

  r.post(
    `${base}/report`,
    {
      config: auth,
      schema: { tags, summary: '举报', body: ReportBody, response: responses(ReportData) },
    },
    async (req) => ok(await support.report(currentUser(req).id, req.body)),
  );
}
