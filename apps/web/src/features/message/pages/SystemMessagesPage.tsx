import { ErrorBlock } from 'antd-mobile';

/** 系统消息 (placeholder until its feature lands). */
export default function SystemMessagesPage() {
  return <ErrorBlock status="empty" title="系统消息" description="即将上线" />;
}
