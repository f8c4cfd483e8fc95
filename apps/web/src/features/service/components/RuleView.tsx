import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { PageLoading } from '../../../app/ui/PageLoading.tsx';
import { serviceApi } from '../../../core/api/service.ts';
import { formatDate } from '../../../core/format.ts';
import '../service.css';

/** A rule page's text from common/rule (plain paragraphs; no HTML from the server is trusted). */
export function RuleView({ code }: { code: string }) {
  const query = useQuery({
    queryKey: ['rule', code],
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
        {rule.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <div className="service-rule__time">更新于 {formatDate(rule.updatedAt)}</div>
      </article>
    </div>
  );
}
