import { ErrorBlock } from 'antd-mobile';

/** 举报 (placeholder until its feature lands). */
export default function ReportPage() {
  return <ErrorBlock status="empty" title="举报" description="即将上线" />;
}
