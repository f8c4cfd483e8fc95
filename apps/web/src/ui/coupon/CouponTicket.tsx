import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type CouponFace, couponConditions, couponValue, scopeLead } from './couponText.ts';

interface Props {
  coupon: CouponFace;
  /** 有效期 line: the template's validText, or my coupon's dates. */
  validity: string;
  /** 新人专享 tag. */
  forNewUsers?: boolean;
  /** 即将过期 tag. */
  expiringSoon?: boolean;
  /** 已使用 / 已过期 / 已抢光: greys the ticket and prints the stamp over it. */
  stamp?: string | null;
  /** The button on the right: 立即领取, 去使用… */
  action?: ReactNode;
  testId?: string;
}

/**
 * A coupon as a ticket: the value on a red stub (¥20 / 8.5折 and its condition), a perforation,
 * then the title, where it applies, the validity and an action. Shared by the claim centre, the
 * product and store sheets and 我的优惠券.
 */
export function CouponTicket({
  coupon,
  validity,
  forNewUsers,
  expiringSoon,
  stamp,
  action,
  testId,
}: Props) {
  const value = couponValue(coupon);
  return (
    <article
      className={`cp-ticket${stamp ? ' is-muted' : ''}${action ? ' has-action' : ''}`}
      data-testid={testId}
    >
      <div className="cp-ticket__stub">
        <span className="cp-ticket__value">
          {value.before && <small>{value.unit}</small>}
          <strong>{value.figure}</strong>
          {!value.before && <small>{value.unit}</small>}
        </span>
        {couponConditions(coupon).map((line) => (
          <span key={line} className="cp-ticket__cond">
            {line}
          </span>
        ))}
      </div>
      <div className="cp-ticket__body">
        <h3 className="cp-ticket__title">
          {forNewUsers && <em className="cp-tag cp-tag--new">新人专享</em>}
          {expiringSoon && !stamp && <em className="cp-tag cp-tag--soon">即将过期</em>}
          <span>{coupon.title}</span>
        </h3>
        <ScopeLine coupon={coupon} />
        <p className="cp-ticket__valid">{validity}</p>
      </div>
      {action && <div className="cp-ticket__action">{action}</div>}
      {stamp && <span className="cp-ticket__stamp">{stamp}</span>}
    </article>
  );
}

/** Where it applies: the product, category or store by name, each opening its page. */
function ScopeLine({ coupon }: { coupon: CouponFace }) {
  if (coupon.scopeTargets.length === 0) {
    return (
      <p className="cp-ticket__scope" data-testid="coupon-scope">
        {coupon.scopeText}
      </p>
    );
  }
  return (
    <p className="cp-ticket__scope" data-testid="coupon-scope">
      {scopeLead(coupon)}
      {coupon.scopeTargets.map((t, i) => (
        <Fragment key={`${t.kind}-${t.id}`}>
          {i > 0 && '、'}
          <Link className="cp-ticket__scope-link" to={t.link} data-testid="coupon-scope-link">
            {t.name}
          </Link>
        </Fragment>
      ))}
      可用
    </p>
  );
}
