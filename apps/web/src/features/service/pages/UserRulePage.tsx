import { ErrorBlock } from 'antd-mobile';

/** 推广规则 (placeholder until its feature lands). */
export default function UserRulePage() {
  return <ErrorBlock status="empty" title="推广规则" description="即将上线" />;
}
