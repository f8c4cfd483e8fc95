import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckCircleFill, GiftOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../../core/format.ts';
import { encodeLines } from '../../../core/sku.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { promoRulesQuery, upgradeQuery } from '../api.ts';
import { bpText } from '../labels.ts';
import '../member.css';

/**
 * 598礼包升级: the gift package(s) and what the upgrade gives. The package is bought as a normal
 * order through 确认订单; the server makes the buyer 推广员 when that order is paid.
 */
export default function FiveNinetyEightPage() {
  const navigate = useNavigate();
  const upgrade = useQuery(upgradeQuery());
  // The rates only fill in the benefits: the packages show without them.
  const rules = useQuery(promoRulesQuery());

  if (!upgrade.data) {
    return upgrade.isError ? (
      <LoadFailed onRetry={() => void upgrade.refetch()} primary />
    ) : (
      <PageLoading />
    );
  }
  const { identity, packages, price } = upgrade.data;
  const r = rules.data;
  const benefits = [
    '订单支付成功即成为推广员，可在推广中心查看收益',
    r
      ? `好友通过你的邀请下单，你得订单实付的${bpText(r.l1Bp)}佣金`
      : '好友通过你的邀请下单，你可获得佣金',
    r ? `好友邀请的人下单，你再得${bpText(r.l2Bp)}佣金` : '好友邀请的人下单，你同样获得佣金',
    '礼包商品随订单正常发货',
    '佣金结算后可提现到支付宝',
  ];

  return (
    <div className="mb-gift">
      <section className="mb-gift__banner">
        <GiftOutline className="mb-gift__icon" />
        <div>
          <h2>{formatPrice(price)} 礼包升级推广员</h2>
          <p>买礼包，当推广员，分享赚佣金</p>
        </div>
      </section>

      {identity.isPromoter && (
        <section className="mb-gift__done card" data-testid="gift-done">
          <span>您已是{identity.tierText}，无需再次升级</span>
          <Link to={PATHS.myExtension}>去推广中心</Link>
        </section>
      )}

      {packages.length === 0 ? (
        <EmptyState
          icon={<GiftOutline />}
          title="礼包暂未上架"
          description="请稍后再来，或联系客服了解升级方式"
        />
      ) : (
        <div className="mb-gift__list">
          {packages.map((p) => (
            <article className="mb-package card" key={p.skuId} data-testid="gift-package">
              <Img className="mb-package__image" src={p.image} alt={p.title} />
              <div className="mb-package__body">
                <h3 className="mb-package__title text-clamp-2">{p.title}</h3>
                <Price fen={p.price} className="mb-package__price" />
                {!identity.isPromoter && (
                  <Button
                    color="primary"
                    shape="rounded"
                    size="small"
                    className="mb-package__buy"
                    onClick={() =>
                      navigate(
                        `${PATHS.writeOrder}?items=${encodeLines([{ skuId: p.skuId, quantity: 1 }])}`,
                      )
                    }
                  >
                    立即购买
                  </Button>
                )}
              </div>
            </article>
          ))}
        </div>
      )}

      <section className="mb-section card">
        <h3 className="mb-section__title">升级可享</h3>
        <ul className="mb-rights">
          {benefits.map((b) => (
            <li key={b}>
              <CheckCircleFill className="mb-rights__icon" />
              <div>
                <span>{b}</span>
              </div>
            </li>
          ))}
        </ul>
        <Link className="mb-more" to={PATHS.upgradeWebLink}>
          查看《升级说明》
        </Link>
      </section>
    </div>
  );
}
