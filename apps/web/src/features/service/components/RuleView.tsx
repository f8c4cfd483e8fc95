import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { formatDate } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { serviceApi, serviceKeys } from '../api.ts';
import '../service.css';

/** A paragraph that opens a section (一、账号注册与使用) is shown as its heading. */
export const isSectionHeading = (p: string) =>
  /^[一二三四五六七八九十]{1,3}、\S/.test(p) && p.length <= 30;

/** A rule page's text from common/rule (plain paragraphs; no HTML from the server is trusted). */
export function RuleView({ code }: { code: string }) {
  const query = useQuery({
    queryKey: serviceKeys.rule(code),
    queryFn: () => serviceApi.rule(code),
    staleTime: 10 * 60_000,
  });
  if (query.isError) {
    return <ErrorBlock status="default" title="加载失败" description="请稍后重试" />;
  }
  if (!query.data) return <PageLoading />;
  const rule = query.data;
  return (
    <div className="service-page">
      <article className="card service-card service-rule" data-testid="rule-view">
        <h3>{rule.title}</h3>
        {rule.paragraphs.map((p, i) =>
          isSectionHeading(p) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text, possibly repeated
            <h4 key={i}>{p}</h4>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text, possibly repeated
            <p key={i}>{p}</p>
          ),
        )}
        <div className="service-rule__time">更新于 {formatDate(rule.updatedAt)}</div>
      </article>
    </div>
  );
}
