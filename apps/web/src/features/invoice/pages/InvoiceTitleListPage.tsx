import { ErrorBlock } from 'antd-mobile';

/** 发票抬头 (placeholder until its feature lands). */
export default function InvoiceTitleListPage() {
  return <ErrorBlock status="empty" title="发票抬头" description="即将上线" />;
}
