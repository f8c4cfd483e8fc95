import { ErrorBlock } from 'antd-mobile';

/** 我的发票 (placeholder until its feature lands). */
export default function InvoiceListPage() {
  return <ErrorBlock status="empty" title="我的发票" description="即将上线" />;
}
