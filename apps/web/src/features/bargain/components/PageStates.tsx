import { Button, ErrorBlock } from 'antd-mobile';
import { isApiError } from '../../../core/api/client.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';

interface Loadable {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The page until its data arrives: a spinner, 不存在 for a 404, else 加载失败 with a retry. */
export function PageStates({ query, goneTitle }: { query: Loadable; goneTitle: string }) {
  if (!query.isError) return <PageLoading />;
  const gone = isApiError(query.error) && query.error.code === 404;
  return (
    <ErrorBlock
      status={gone ? 'empty' : 'default'}
      title={gone ? goneTitle : '加载失败'}
      description={gone ? '去看看其他砍价商品吧' : '请稍后重试'}
    >
      {!gone && (
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void query.refetch()}>
          重新加载
        </Button>
      )}
    </ErrorBlock>
  );
}

/** A page opened without its id (or with a broken one). */
export function MissingId({ title }: { title: string }) {
  return <ErrorBlock status="empty" title={title} description="请返回重新选择" />;
}

/** A positive integer query parameter, else 0. */
export function idParam(params: URLSearchParams, name: string): number {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : 0;
}
