import { Button, ErrorBlock } from 'antd-mobile';

interface Props {
  onRetry: () => void;
  /** The retry as the page's own text link (a plain button with this class) instead of a button. */
  linkClassName?: string;
  /** The retry as an outlined primary button, where the page's other actions look so. */
  primary?: boolean;
}

/** A page whose data did not come: say so and offer the retry (pages, not lists: see ListStates). */
export function LoadFailed({ onRetry, linkClassName, primary }: Props) {
  return (
    <ErrorBlock status="default" title="加载失败" description="请稍后重试">
      {linkClassName !== undefined ? (
        <button type="button" className={linkClassName} onClick={onRetry}>
          重新加载
        </button>
      ) : primary ? (
        <Button color="primary" fill="outline" shape="rounded" onClick={onRetry}>
          重新加载
        </Button>
      ) : (
        <Button size="small" shape="rounded" onClick={onRetry}>
          重新加载
        </Button>
      )}
    </ErrorBlock>
  );
}
