import { Button, ErrorBlock } from 'antd-mobile';

/** A page whose data did not come: say so and offer the retry (pages, not lists: see ListStates). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorBlock status="default" title="加载失败" description="请稍后重试">
      <Button color="primary" fill="outline" shape="rounded" onClick={onRetry}>
        重新加载
      </Button>
    </ErrorBlock>
  );
}
