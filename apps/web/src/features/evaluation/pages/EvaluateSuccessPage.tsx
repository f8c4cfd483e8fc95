import { ErrorBlock } from 'antd-mobile';

/** 评价成功 (placeholder until its feature lands). */
export default function EvaluateSuccessPage() {
  return <ErrorBlock status="empty" title="评价成功" description="即将上线" />;
}
