import { ErrorBlock } from 'antd-mobile';

/** 编辑发票抬头 (placeholder until its feature lands). */
export default function InvoiceTitlePage() {
  return <ErrorBlock status="empty" title="编辑发票抬头" description="即将上线" />;
}
