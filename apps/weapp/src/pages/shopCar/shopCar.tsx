import type { CartItem, CartView } from '@chaopin/contracts';
import { Button, Checkbox, Image, Text, View } from '@tarojs/components';
import Taro, { useDidShow } from '@tarojs/taro';
import { useState } from 'react';
import { api, toastError } from '../../platform/api';
import { isLoggedIn } from '../../platform/session';
import { LoginPrompt } from '../../ui/LoginPrompt';
import { Price } from '../../ui/Price';
import { PAGES, productUrl } from '../../ui/paths';
import '../../ui/ui.css';
import './shopCar.css';
import { useTabBadge } from '../../ui/useTabBadge';

function Line({ item, onToggle }: { item: CartItem; onToggle: () => void }) {
  return (
    <View className="cart-line">
      <Checkbox
        value={String(item.id)}
        checked={item.selected}
        color="#FF0135"
        onClick={onToggle}
      />
      <Image
        className="cart-line__image"
        src={item.image}
        mode="aspectFill"
        onClick={() => void Taro.navigateTo({ url: productUrl(item.productId) })}
      />
      <View className="cart-line__body">
        <Text className="cart-line__title">{item.title}</Text>
        <Text className="cart-line__sku">{item.skuName}</Text>
        <View className="cart-line__bottom">
          <Price fen={item.price} />
          <Text className="cart-line__quantity">×{item.quantity}</Text>
        </View>
      </View>
    </View>
  );
}

/** 购物车: lines by store, selection, the selected total and 结算. */
export default function CartPage() {
  useTabBadge();
  const [cart, setCart] = useState<CartView | null>(null);
  const [loggedIn, setLoggedIn] = useState(isLoggedIn());

  useDidShow(() => {
    const now = isLoggedIn();
    setLoggedIn(now);
    if (now) api.get('cart/list').then(setCart).catch(toastError);
  });

  const select = (selected: boolean, target: { ids: string } | { all: boolean }) =>
    api
      .post('cart/select', { selected, ...target })
      .then(setCart)
      .catch(toastError);

  if (!loggedIn) return <LoginPrompt text="登录后查看购物车" />;
  if (!cart) return <View className="list-footer">加载中…</View>;
  if (cart.stores.length === 0 && cart.invalid.length === 0) {
    return (
      <View className="empty">
        <View>购物车还是空的</View>
        <View className="cart-empty__sub">快去挑选心仪的好物吧</View>
        <Button
          className="cart-empty__button"
          onClick={() => void Taro.switchTab({ url: PAGES.home })}
        >
          去逛逛
        </Button>
      </View>
    );
  }

  const { totals } = cart;
  const checkout = () => {
    if (totals.selectedCount === 0) {
      void Taro.showToast({ title: '请选择要结算的商品', icon: 'none' });
      return;
    }
    void Taro.navigateTo({ url: `${PAGES.writeOrder}?from=cart` });
  };

  return (
    <View className="cart">
      {cart.stores.map((store) => (
        <View key={store.storeId} className="cart-store">
          <View className="cart-store__name">{store.storeName}</View>
          {store.items.map((item) => (
            <Line
              key={item.id}
              item={item}
              onToggle={() => select(!item.selected, { ids: String(item.id) })}
            />
          ))}
        </View>
      ))}
      {cart.invalid.length > 0 && (
        <View className="cart-store">
          <View className="cart-store__name">失效商品 {cart.invalid.length} 件</View>
          {cart.invalid.map((item) => (
            <View key={item.id} className="cart-line is-invalid">
              <Text className="cart-line__tag">失效</Text>
              <Text className="cart-line__title">{item.title}</Text>
            </View>
          ))}
        </View>
      )}
      <View className="bottom-bar cart-bar">
        <View className="cart-bar__all" onClick={() => select(!totals.allSelected, { all: true })}>
          <Checkbox value="all" checked={totals.allSelected} color="#FF0135" />
          <Text>全选</Text>
        </View>
        <View className="cart-bar__total">
          <Text>合计：</Text>
          <Price fen={totals.totalPrice} />
        </View>
        <Button className="button-primary cart-bar__checkout" onClick={checkout}>
          结算({totals.selectedCount})
        </Button>
      </View>
    </View>
  );
}
