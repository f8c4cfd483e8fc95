import { ErrorBlock } from 'antd-mobile';

/** 联系我们 (placeholder until its feature lands). */
export default function ContactUsPage() {
  return <ErrorBlock status="empty" title="联系我们" description="即将上线" />;
}
