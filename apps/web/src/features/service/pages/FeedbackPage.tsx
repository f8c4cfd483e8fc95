import { ErrorBlock } from 'antd-mobile';

/** 意见反馈 (placeholder until its feature lands). */
export default function FeedbackPage() {
  return <ErrorBlock status="empty" title="意见反馈" description="即将上线" />;
}
