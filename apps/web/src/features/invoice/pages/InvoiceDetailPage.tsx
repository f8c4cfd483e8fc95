import { ErrorBlock } from 'antd-mobile';

/** 发票详情 (placeholder until its feature lands). */
export default function InvoiceDetailPage() {
  return <ErrorBlock status="empty" title="发票详情" description="即将上线" />;
}
