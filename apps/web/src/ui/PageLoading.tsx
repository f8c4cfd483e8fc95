import { DotLoading } from 'antd-mobile';

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
    </div>
  );
}
