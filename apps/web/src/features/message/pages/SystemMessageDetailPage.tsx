import { ErrorBlock } from 'antd-mobile';

/** 消息详情 (placeholder until its feature lands). */
export default function SystemMessageDetailPage() {
  return <ErrorBlock status="empty" title="消息详情" description="即将上线" />;
}
