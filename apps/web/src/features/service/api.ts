import type { ReportTarget } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';
import { fetchDictionary } from '../../ui/service/dictionaryQuery.ts';

export const serviceApi = {
  dictionary: fetchDictionary,
  rule: (code: string) => get('common/rule', { code }),
  webLink: () => get('common/webLink'),
  /** Image lists travel as JSON text in the form body. */
  feedback: (input: { type: string; content: string; images: string[]; phone?: string }) =>
    post('common/feedback', { ...input, images: JSON.stringify(input.images) }),
  myFeedback: (pageNum = 1, pageSize = 5) => get('common/feedback/list', { pageNum, pageSize }),
  report: (input: {
    type: ReportTarget;
    targetId: number;
    reason: string;
    description?: string;
    images: string[];
  }) => post('common/report', { ...input, images: JSON.stringify(input.images) }),
};

export const serviceKeys = {
  rule: (code: string) => ['rule', code] as const,
  webLink: ['common', 'webLink'] as const,
  feedback: ['feedback'] as const,
  myFeedback: ['feedback', 'mine'] as const,
};
