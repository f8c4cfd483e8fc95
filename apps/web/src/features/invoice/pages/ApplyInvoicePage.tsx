import { ErrorBlock } from 'antd-mobile';

/** 申请开票 (placeholder until its feature lands). */
export default function ApplyInvoicePage() {
  return <ErrorBlock status="empty" title="申请开票" description="即将上线" />;
}
