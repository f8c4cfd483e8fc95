import { ErrorBlock } from 'antd-mobile';

/** 申请售后 (placeholder until its feature lands). */
export default function RefundApplyPage() {
  return <ErrorBlock status="empty" title="申请售后" description="即将上线" />;
}
