import type { ProductDetail } from '@chaopin/contracts';
import { ApiCallError } from '@chaopin/core/api';
import { formatCount, formatPrice } from '@chaopin/core/format';
import { chosenSku, encodeLines, initialChoice, type SpecChoice } from '@chaopin/core/sku';
import { Button, Image, RichText, Swiper, SwiperItem, Text, View } from '@tarojs/components';
import Taro, { useRouter, useShareAppMessage } from '@tarojs/taro';
import { useEffect, useState } from 'react';
import { api, toastError } from '../../platform/api';
import { myInviteCode, withInvite } from '../../platform/invite';
import { isLoggedIn } from '../../platform/session';
import { Price } from '../../ui/Price';
import { PAGES, productUrl } from '../../ui/paths';
import { SpecPicker } from './SpecPicker';
import '../../ui/ui.css';
import './shopDetails.css';

type Failure = { gone: boolean } | null;

/** 商品详情: pictures, price, specs, the store, the detail, and 加入购物车 / 立即购买. */
export default function ProductDetailPage() {
  const id = Number(useRouter().params.id);
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [choice, setChoice] = useState<SpecChoice>({});

  const load = () => {
    if (!Number.isInteger(id) || id <= 0) {
      setFailure({ gone: true });
      return;
    }
    setFailure(null);
    api
      .get('goods/detail', { id })
      .then((data) => {
        setProduct(data);
        setChoice(initialChoice(data.skus, data.specAxes));
      })
      .catch((error) => setFailure({ gone: error instanceof ApiCallError && error.code === 404 }));
  };
  useEffect(load, [id]);

  // The card carries the sharer's invite code: a friend who registers from it is their invitee.
  const [inviteCode, setInviteCode] = useState<string | undefined>();
  useEffect(() => {
    void myInviteCode().then(setInviteCode);
  }, []);
  useShareAppMessage(() => ({
    title: product?.title ?? '潮品直播',
    path: withInvite(productUrl(id), inviteCode),
    ...(product ? { imageUrl: product.mainImage } : {}),
  }));

  if (failure) {
    return (
      <View className="empty">
        <View>{failure.gone ? '商品不存在或已下架' : '加载失败'}</View>
        <View className="pd-empty__sub">
          {failure.gone ? '去看看其他商品吧' : '请检查网络后重试'}
        </View>
        <Button
          className="button-primary pd-empty__button"
          onClick={() => (failure.gone ? void Taro.switchTab({ url: PAGES.home }) : load())}
        >
          {failure.gone ? '去首页逛逛' : '重新加载'}
        </Button>
      </View>
    );
  }
  if (!product) return <View className="list-footer">加载中…</View>;

  const images = product.images.length > 0 ? product.images : [product.mainImage];
  const sku = chosenSku(product.skus, product.specAxes, choice);
  const soldOut = product.stock <= 0 || product.skus.every((s) => s.stock <= 0);

  const requireSku = () => {
    if (!isLoggedIn()) {
      void Taro.showToast({ title: '请先登录', icon: 'none' });
      void Taro.navigateTo({ url: PAGES.login });
      return null;
    }
    if (!sku) {
      const missing = product.specAxes.filter((axis) => !choice[axis.name]).map((a) => a.name);
      void Taro.showToast({ title: `请选择 ${missing.join(' ')}`, icon: 'none' });
    }
    return sku;
  };
  const addToCart = () => {
    const picked = requireSku();
    if (!picked) return;
    api
      .post('cart/add', { skuId: picked.id, quantity: 1 })
      .then(() => Taro.showToast({ title: '已加入购物车', icon: 'success' }))
      .catch(toastError);
  };
  const buyNow = () => {
    const picked = requireSku();
    if (picked) {
      const items = encodeLines([{ skuId: picked.id, quantity: 1 }]);
      void Taro.navigateTo({ url: `${PAGES.writeOrder}?items=${encodeURIComponent(items)}` });
    }
  };

  return (
    <View className="pd">
      <Swiper className="pd-gallery" indicatorDots circular>
        {images.map((src) => (
          <SwiperItem key={src}>
            <Image
              className="pd-gallery__image"
              src={src}
              mode="aspectFill"
              onClick={() => void Taro.previewImage({ current: src, urls: images })}
            />
          </SwiperItem>
        ))}
      </Swiper>
      <View className="pd-card">
        <View className="pd-price">
          <Price fen={sku?.price ?? product.price} />
          {product.originPrice > product.price && (
            <Text className="pd-price__origin">{formatPrice(product.originPrice)}</Text>
          )}
          <Text className="pd-price__sales">已售 {formatCount(product.sales)}</Text>
        </View>
        <View className="pd-title">
          {product.rx && <Text className="pd-title__rx">处方药</Text>}
          {product.title}
        </View>
        {product.subtitle && <View className="pd-subtitle">{product.subtitle}</View>}
      </View>
      {product.specAxes.length > 0 && (
        <View className="pd-card">
          <View className="pd-card__title">规格</View>
          <SpecPicker
            skus={product.skus}
            axes={product.specAxes}
            choice={choice}
            onChange={setChoice}
          />
        </View>
      )}
      <View className="pd-card pd-store">
        <Image className="pd-store__logo" src={product.store.logo} />
        <View className="pd-store__name">{product.store.name}</View>
        <Text
          className="pd-store__enter"
          onClick={() =>
            void Taro.navigateTo({
              url: `/pages/shopDetailsStore/shopDetailsStore?id=${product.store.id}`,
            })
          }
        >
          进店逛逛
        </Text>
      </View>
      <View className="pd-card">
        <View className="pd-card__title">商品详情</View>
        <RichText nodes={product.detail} />
      </View>
      <View className="bottom-bar pd-bar">
        <View className="pd-bar__icon" onClick={() => void Taro.switchTab({ url: PAGES.cart })}>
          购物车
        </View>
        {soldOut ? (
          <Button className="pd-bar__button is-off" disabled>
            已售罄
          </Button>
        ) : (
          <>
            <Button className="pd-bar__button pd-bar__cart" onClick={addToCart}>
              加入购物车
            </Button>
            <Button className="pd-bar__button pd-bar__buy" onClick={buyNow}>
              立即购买
            </Button>
          </>
        )}
      </View>
    </View>
  );
}
