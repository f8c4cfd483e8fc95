import { ErrorBlock } from 'antd-mobile';

/** 订单消息 (placeholder until its feature lands). */
export default function OrderMessagesPage() {
  return <ErrorBlock status="empty" title="订单消息" description="即将上线" />;
}
