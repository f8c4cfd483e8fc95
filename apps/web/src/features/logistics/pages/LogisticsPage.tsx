import { ErrorBlock } from 'antd-mobile';

/** 查看物流 (placeholder until its feature lands). */
export default function LogisticsPage() {
  return <ErrorBlock status="empty" title="查看物流" description="即将上线" />;
}
