import { ErrorBlock } from 'antd-mobile';

/** 消息 (placeholder until its feature lands). */
export default function MessageCenterPage() {
  return <ErrorBlock status="empty" title="消息" description="即将上线" />;
}
