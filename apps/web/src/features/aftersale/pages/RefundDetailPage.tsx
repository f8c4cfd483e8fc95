import { ErrorBlock } from 'antd-mobile';

/** 售后详情 (placeholder until its feature lands). */
export default function RefundDetailPage() {
  return <ErrorBlock status="empty" title="售后详情" description="即将上线" />;
}
