import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { dictionaryQuery } from '../../../ui/service/dictionaryQuery.ts';
import '../service.css';

/** Digits, dashes and spaces only: what can safely go into a tel: link. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** userContactUs: customer service phone (tap to call), hours, email and address from the dictionary. */
export default function ContactUsPage() {
  const query = useQuery(dictionaryQuery('contact_us'));
  if (query.isError) {
    return <ErrorBlock status="default" title="加载失败" description="请稍后重试" />;
  }
  if (!query.data) return <PageLoading />;
  const items = query.data.items;
  const phone = items.find((i) => i.label.includes('电话'));
  return (
    <div className="service-page">
      {phone && (
        <section className="card service-hero">
          <div>客服热线</div>
          <a
            className="service-hero__phone"
            href={telHref(phone.value)}
            data-testid="contact-phone"
          >
            {phone.value}
          </a>
          <div>点击号码即可拨打</div>
        </section>
      )}
      <section className="card service-card">
        {items.map((item) => (
          <div key={item.label} className="service-contact">
            <span className="service-contact__label">{item.label}</span>
            <span className="service-contact__value">
              {item === phone ? (
                <a href={telHref(item.value)}>{item.value}</a>
              ) : isEmail(item.value) ? (
                <a href={`mailto:${item.value}`}>{item.value}</a>
              ) : (
                item.value
              )}
            </span>
          </div>
        ))}
      </section>
    </div>
  );
}
