import { ErrorBlock } from 'antd-mobile';

/** 发表评价 (placeholder until its feature lands). */
export default function EvaluatePage() {
  return <ErrorBlock status="empty" title="发表评价" description="即将上线" />;
}
