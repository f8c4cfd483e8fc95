import type { ProductCard } from '@chaopin/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ActionSheet } from 'antd-mobile';
import { ExclamationCircleOutline, SendOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { copyText } from '../../../core/clipboard.ts';
import { formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { identityQuery } from '../../../ui/member/identityQuery.ts';
import { Price } from '../../../ui/Price.tsx';
import { loginPath, PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { goodsQuery } from '../../../ui/product/goodsQuery.ts';
import { productPath } from '../../../ui/product/ProductCard.tsx';
import { promoRulesQuery } from '../../../ui/promoRulesQuery.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { UpgradeBanner } from '../components/UpgradeBanner.tsx';
import { appLink, rateText, shareOf } from '../labels.ts';
import '../../../ui/promotion/promotion.css';

const { reachBottomDistance } = pageConfigFor(PATHS.promotion);
const ProductPoster = lazy(() => import('../components/ProductPoster.tsx'));

/**
 * 推广赚钱: the home feed's products, each with what sharing it earns at the level-1 rate. The
 * link carries my invite code; the product poster is the goods page's own share sheet.
 */
export default function PromotionPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSession((s) => s.status !== 'out');
  // The same query as the home feed, so the first page is usually in the cache already.
  const feed = useInfiniteQuery(goodsQuery(undefined, 'default'));
  const rules = useQuery(promoRulesQuery());
  const identity = useQuery({ ...identityQuery(), enabled: signedIn, meta: { toast: false } });
  const [sharing, setSharing] = useState<ProductCard | null>(null);
  const [poster, setPoster] = useState<number | null>(null);
  const products = feed.data?.pages.flatMap((p) => p.list) ?? [];
  const l1Bp = rules.data?.l1Bp;

  const share = (product: ProductCard) => {
    if (!signedIn) {
      showToast('请先登录');
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    setSharing(product);
  };

  const copyLink = async (product: ProductCard) => {
    const code = identity.data?.inviteCode;
    if (!code) return showToast('正在获取邀请码，请稍后再试');
    if (await copyText(appLink(productPath(product.id), code))) showSuccess('推广链接已复制');
    else showToast('复制失败，请稍后重试');
  };

  return (
    <div className="pr-promo">
      <section className="pr-promo__head">
        <h2>分享商品，好友下单您赚佣金</h2>
        <p>
          {rules.data
            ? `直属成员下单得${rateText(rules.data.l1Bp)}，间接成员下单得${rateText(rules.data.l2Bp)}`
            : '直属成员与间接成员下单均可得佣金'}
          <Link to={PATHS.moneyStrategy}>赚钱攻略 ›</Link>
        </p>
      </section>
      {identity.data && !identity.data.isPromoter && (
        <UpgradeBanner text="升级推广员后，分享商品即可赚佣金" />
      )}

      <ListStates
        query={feed}
        isEmpty={products.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={<EmptyState title="暂无商品" description="稍后再来看看吧" />}
      >
        <div className="pr-promo__list">
          {products.map((product) => (
            <div key={product.id} className="pr-goods card" data-testid="promo-goods">
              <Link to={productPath(product.id)} className="pr-goods__main">
                <Img className="pr-goods__image" src={product.image} alt={product.title} />
                <div className="pr-goods__body">
                  <h3 className="text-clamp-2">{product.title}</h3>
                  <Price fen={product.price} />
                </div>
              </Link>
              <div className="pr-goods__foot">
                <span className="pr-goods__earn" data-testid="promo-earn">
                  分享赚
                  <em>{l1Bp === undefined ? '--' : formatPrice(shareOf(product.price, l1Bp))}</em>
                </span>
                <button type="button" className="pr-goods__share" onClick={() => share(product)}>
                  <SendOutline /> 分享
                </button>
              </div>
            </div>
          ))}
        </div>
        <InfiniteFooter
          hasMore={feed.hasNextPage}
          loadMore={() => nextPageOrThrow(feed.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </ListStates>
      <p className="pr-promo__note">佣金按实付金额计算，以订单实际结算为准。</p>

      <ActionSheet
        visible={sharing !== null}
        onClose={() => setSharing(null)}
        cancelText="取消"
        actions={[
          { key: 'link', text: '复制推广链接', description: '链接含您的邀请码' },
          { key: 'poster', text: '生成商品海报' },
        ]}
        onAction={(action) => {
          const product = sharing;
          setSharing(null);
          if (!product) return;
          if (action.key === 'link') void copyLink(product);
          else setPoster(product.id);
        }}
      />
      {poster !== null && (
        <Suspense fallback={null}>
          <ProductPoster productId={poster} onClose={() => setPoster(null)} />
        </Suspense>
      )}
    </div>
  );
}
