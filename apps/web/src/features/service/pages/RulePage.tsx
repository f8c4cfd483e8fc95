import { ErrorBlock } from 'antd-mobile';

/** 规则说明 (placeholder until its feature lands). */
export default function RulePage() {
  return <ErrorBlock status="empty" title="规则说明" description="即将上线" />;
}
