import type { SkuView } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Tag } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
// Each from its own module rather than the package's index, so that the build can follow them
// into the file that holds what a cold product page needs (vite.config.ts, PAGE_FAMILIES).
import KoubeiOutline from 'antd-mobile-icons/es/KoubeiOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import { Suspense, useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount, formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { encodeLines } from '../../../core/sku.ts';
import { cartApi, cartCountQuery, cartKeys } from '../../../ui/cart/cartApi.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { loginPath, PATHS } from '../../../ui/pageConfig.ts';
import type { PickAction } from '../../../ui/product/SkuPicker.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { collectionApi, goodsKeys, productQuery } from '../api.ts';
import '../productDetail.css';
import { MemberPriceTag } from '../../../ui/product/MemberPriceTag.tsx';
import { seckillOfProductQuery } from '../../../ui/seckill/productQuery.ts';
import { DetailText } from '../components/DetailText.tsx';
import { ProductGallery } from '../components/ProductGallery.tsx';
import { ProductSkeleton } from '../components/ProductSkeleton.tsx';
import {
  CouponSheet,
  ProductError,
  SeckillStrip,
  ServiceButton,
  ServicePlaceholder,
  SharePopup,
  SkuPicker,
} from '../components/productDetailParts.tsx';
import { usePictureShown } from '../components/usePictureShown.ts';
import { useSolidOnScroll } from '../components/useSolidOnScroll.ts';

export default function ProductDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...productQuery(id), enabled: valid });
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const isLogin = useSession((s) => s.isLogin);
  const userId = useSession((s) => (s.status === 'out' ? null : (s.user?.id ?? null)));
  const cartCount = useQuery({ ...cartCountQuery(), enabled: isLogin });
  const [picker, setPicker] = useState<PickAction | 'select' | null>(null);
  const [sharing, setSharing] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  const galleryRef = useRef<HTMLDivElement>(null);
  useSolidOnScroll(barRef, galleryRef, Boolean(query.data));
  const pictureShown = usePictureShown(galleryRef, Boolean(query.data));
  // The 限时秒杀 strip's data: asked for once the main picture (the page's LCP) is on screen, so
  // it never competes with it; no sale, no strip.
  const seckill = useQuery({
    ...seckillOfProductQuery(id, userId),
    enabled: valid && pictureShown.done,
  });
  // The parts below the first screen or behind a tap, loaded after the picture too.
  const later = pictureShown.done;
  const closePicker = useCallback(() => setPicker(null), []);
  const closeShare = useCallback(() => setSharing(false), []);

  const requireLogin = () => {
    if (isLogin) return true;
    showToast('请先登录');
    navigate(loginPath(location.pathname + location.search));
    return false;
  };

  const addToCart = useMutation({
    mutationFn: ({ sku, quantity }: { sku: SkuView; quantity: number }) =>
      cartApi.add(sku.id, quantity),
    onSuccess: (data) => {
      queryClient.setQueryData(cartKeys.cartCount, { count: data.count });
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
      setPicker(null);
      showSuccess('已加入购物车');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '加入购物车失败'),
  });

  const collect = useMutation({
    mutationFn: (on: boolean) => (on ? collectionApi.add(id) : collectionApi.remove([id])),
    onSuccess: (_data, on) => {
      queryClient.setQueryData(goodsKeys.product(id), (old: typeof query.data) =>
        old ? { ...old, isCollected: on } : old,
      );
      void queryClient.invalidateQueries({ queryKey: goodsKeys.collection });
      showToast(on ? '收藏成功' : '已取消收藏');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败'),
  });

  const header = (
    <div className="pd-bar" ref={barRef} data-testid="pd-bar">
      <div className="pd-bar__bg" aria-hidden="true" />
      <button
        type="button"
        className="pd-bar__btn"
        aria-label="返回"
        onClick={() => goBack(PATHS.home)}
      >
        <LeftOutline />
      </button>
      <div className="pd-bar__title" aria-hidden="true">
        商品详情
      </div>
      <div className="pd-bar__group">
        {valid && query.data && (
          <button
            type="button"
            className="pd-bar__btn"
            aria-label="分享"
            onClick={() => setSharing(true)}
          >
            <SendOutline />
          </button>
        )}
        <button
          type="button"
          className="pd-bar__btn"
          aria-label="购物车"
          onClick={() => navigate(PATHS.cart)}
        >
          <ShopbagOutline />
        </button>
      </div>
    </div>
  );

  if (!valid || query.isError) {
    const gone = !valid || (isApiError(query.error) && query.error.code === 404);
    return (
      <div className="pd pd--empty">
        {header}
        <Suspense fallback={null}>
          <ProductError
            gone={gone}
            title={gone ? '商品不存在或已下架' : '加载失败'}
            description={gone ? '去看看其他商品吧' : '请检查网络后重试'}
            action={gone ? '去首页逛逛' : '重新加载'}
            onAction={() => {
              if (gone) navigate(PATHS.home, { replace: true });
              else void query.refetch();
            }}
          />
        </Suspense>
      </div>
    );
  }
  const product = query.data;
  if (!product) {
    return (
      <div className="pd">
        {header}
        <ProductSkeleton />
      </div>
    );
  }

  const images = product.images.length > 0 ? product.images : [product.mainImage];
  const soldOut = product.stock <= 0 || product.skus.every((s) => s.stock <= 0);
  const open = (action: PickAction | 'select') => {
    if (action !== 'select' && !requireLogin()) return;
    setPicker(action);
  };

  const onConfirm = (action: PickAction, sku: SkuView, quantity: number) => {
    if (!requireLogin()) return;
    if (action === 'cart') {
      if (!addToCart.isPending) addToCart.mutate({ sku, quantity });
      return;
    }
    setPicker(null);
    navigate(`${PATHS.writeOrder}?items=${encodeLines([{ skuId: sku.id, quantity }])}`);
  };

  return (
    <div className="pd" data-testid="product-detail">
      {header}
      <ProductGallery
        images={images}
        title={product.title}
        galleryRef={galleryRef}
        onFirstLoad={pictureShown.onLoad}
      >
        {product.video && (
          <button
            type="button"
            className="pd-gallery__video"
            onClick={() => navigate(`${PATHS.productVideo}?id=${product.id}`)}
          >
            ▶ 视频
          </button>
        )}
      </ProductGallery>

      <section className="pd-price">
        <div className="pd-price__row">
          <Price fen={product.price} className="pd-price__now" />
          {product.originPrice > product.price && (
            <del className="pd-price__origin">{formatPrice(product.originPrice)}</del>
          )}
          <MemberPriceTag price={product.price} className="member-price--large" />
          <span className="pd-price__sales">已售 {formatCount(product.sales)}</span>
        </div>
        <h1 className="pd-title">
          {product.rx && (
            <Tag color="danger" fill="outline" className="pd-title__rx">
              处方药
            </Tag>
          )}
          {product.title}
        </h1>
        {product.subtitle && <p className="pd-subtitle">{product.subtitle}</p>}
      </section>

      {seckill.data && (
        <Suspense fallback={null}>
          <SeckillStrip data={seckill.data} onReached={() => void seckill.refetch()} />
        </Suspense>
      )}

      <section className="pd-section">
        {later && (
          <Suspense fallback={null}>
            <CouponSheet productId={product.id} />
          </Suspense>
        )}
        <button type="button" className="pd-row" onClick={() => open('select')}>
          <span className="pd-row__label">选择</span>
          <span className="pd-row__value">
            {product.specAxes.map((a) => a.name).join(' / ') || '规格'}
            <em>共{product.skus.length}种可选</em>
          </span>
          <RightOutline />
        </button>
        <button
          type="button"
          className="pd-row"
          onClick={() => navigate(`${PATHS.evaluations}?id=${product.id}`)}
        >
          <span className="pd-row__label">评价</span>
          <span className="pd-row__value">
            {product.evaluation.count > 0
              ? `${product.evaluation.count}条评价 · 好评率${product.evaluation.goodRate}%`
              : '暂无评价'}
          </span>
          <RightOutline />
        </button>
      </section>

      <section className="pd-section pd-store">
        <Img className="pd-store__logo" src={product.store.logo} alt={product.store.name} />
        <div className="pd-store__info">
          <div className="pd-store__name">{product.store.name}</div>
          <div className="pd-store__meta">
            评分 {(product.store.score / 10).toFixed(1)} · 在售 {product.store.productCount} 件
          </div>
        </div>
        <button
          type="button"
          className="pd-store__enter"
          onClick={() => navigate(`${PATHS.store}?id=${product.store.id}`)}
        >
          进店逛逛
        </button>
      </section>

      <section className="pd-section pd-detail">
        <h2 className="pd-detail__title">商品详情</h2>
        {product.detail && <DetailText text={product.detail} />}
        {images.map((src) => (
          <Img key={src} className="pd-detail__image" src={src} alt="" />
        ))}
      </section>

      <footer className="pd-actions">
        <button
          type="button"
          className="pd-actions__icon"
          onClick={() => navigate(`${PATHS.store}?id=${product.store.id}`)}
        >
          <KoubeiOutline />
          <span>店铺</span>
        </button>
        {later ? (
          <Suspense fallback={<ServicePlaceholder className="pd-actions__icon" />}>
            <ServiceButton
              className="pd-actions__icon"
              storeId={product.store.id}
              beforeOpen={requireLogin}
              card={{
                kind: 'product',
                id: String(product.id),
                title: product.title,
                image: product.mainImage,
                price: product.price,
              }}
            />
          </Suspense>
        ) : (
          <ServicePlaceholder className="pd-actions__icon" />
        )}
        <button
          type="button"
          className={product.isCollected ? 'pd-actions__icon is-on' : 'pd-actions__icon'}
          aria-pressed={product.isCollected}
          onClick={() =>
            requireLogin() && !collect.isPending && collect.mutate(!product.isCollected)
          }
        >
          {product.isCollected ? <StarFill /> : <StarOutline />}
          <span>{product.isCollected ? '已收藏' : '收藏'}</span>
        </button>
        <button type="button" className="pd-actions__icon" onClick={() => navigate(PATHS.cart)}>
          <Badge content={cartCount.data?.count ? cartCount.data.count : null}>
            <ShopbagOutline />
          </Badge>
          <span>购物车</span>
        </button>
        {product.rx ? (
          // 处方药 is sold only against a pharmacist's prescription: no cart, no 立即购买.
          <div className="pd-actions__buttons">
            <button
              type="button"
              className="pd-actions__buy pd-actions__rx"
              onClick={() =>
                requireLogin() &&
                navigate(`${PATHS.writeVisit}?${new URLSearchParams({ drug: product.title })}`)
              }
            >
              凭处方购买 · 问诊开方
            </button>
          </div>
        ) : (
          <div className="pd-actions__buttons">
            <button
              type="button"
              className="pd-actions__cart"
              disabled={soldOut}
              onClick={() => open('cart')}
            >
              加入购物车
            </button>
            <button
              type="button"
              className="pd-actions__buy"
              disabled={soldOut}
              onClick={() => open('buy')}
            >
              {soldOut ? '已售罄' : '立即购买'}
            </button>
          </div>
        )}
      </footer>

      {(later || picker !== null) && (
        <Suspense fallback={null}>
          <SkuPicker
            product={product}
            action={picker}
            onClose={closePicker}
            onConfirm={onConfirm}
            busy={addToCart.isPending}
          />
        </Suspense>
      )}
      {(later || sharing) && (
        <Suspense fallback={null}>
          <SharePopup productId={id} visible={sharing} onClose={closeShare} />
        </Suspense>
      )}
    </div>
  );
}
