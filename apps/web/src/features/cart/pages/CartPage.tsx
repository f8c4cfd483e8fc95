import type { CartItem, CartView } from '@chaopin/contracts';
import { CART_QUANTITY_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dialog, Stepper } from 'antd-mobile';
import { KoubeiOutline, RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { encodeLines } from '../../../core/sku.ts';
import { Img } from '../../../ui/Img.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { collectionApi } from '../../../ui/product/productApi.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { type CartSelectTarget, cartApi, cartKeys, cartQuery } from '../api.ts';
import '../cart.css';
import { ListStates } from '../../../ui/ListStates.tsx';

const REASON: Record<string, string> = { offShelf: '已下架', soldOut: '已售罄', gone: '已失效' };

export default function CartPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(cartQuery());
  const [editing, setEditing] = useState(false);

  const apply = (view: CartView) => {
    queryClient.setQueryData(cartKeys.cart, view);
    void queryClient.invalidateQueries({ queryKey: cartKeys.cartCount });
  };
  const onError = (error: Error) => {
    showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试');
    void query.refetch();
  };

  const select = useMutation({
    mutationFn: ({ selected, target }: { selected: boolean; target: CartSelectTarget }) =>
      cartApi.select(selected, target),
    onSuccess: apply,
    onError,
  });
  const edit = useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      cartApi.edit({ id, quantity }),
    onSuccess: apply,
    onError,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => cartApi.deleteBatch(ids),
    onSuccess: (view) => {
      apply(view);
      showToast('删除成功');
    },
    onError,
  });

  // 移入收藏: collect each product (distinct), then drop the lines; nothing is removed if a collect fails.
  const moveToCollection = useMutation({
    mutationFn: async (items: CartItem[]) => {
      for (const productId of new Set(items.map((i) => i.productId))) {
        await collectionApi.add(productId);
      }
      return cartApi.deleteBatch(items.map((i) => i.id));
    },
    onSuccess: (view) => {
      apply(view);
      void queryClient.invalidateQueries({ queryKey: ['collection'] });
      void queryClient.invalidateQueries({ queryKey: ['goods', 'detail'] });
      showSuccess('已移入收藏');
    },
    onError,
  });

  const cart = query.data;
  if (!cart) {
    // Until the cart comes there is nothing to list: the loader, or 加载失败 with its retry.
    return <ListStates query={query} isEmpty loading={<PageLoading />} empty={null} />;
  }

  if (cart.stores.length === 0 && cart.invalid.length === 0) {
    return (
      <div className="cart-empty">
        <div className="cart-empty__icon" aria-hidden>
          <ShopbagOutline />
        </div>
        <p className="cart-empty__text">购物车还是空的</p>
        <p className="cart-empty__sub">快去挑选心仪的好物吧</p>
        <Button
          color="primary"
          fill="outline"
          shape="rounded"
          onClick={() => navigate(PATHS.home, { replace: true })}
        >
          去逛逛
        </Button>
      </div>
    );
  }

  const busy = select.isPending || remove.isPending || moveToCollection.isPending;
  const selectedItems = cart.stores.flatMap((s) => s.items.filter((i) => i.selected));
  const lineCount = cart.stores.reduce((n, s) => n + s.items.length, 0);
  const toggle = (selected: boolean, target: CartSelectTarget) => {
    if (!busy) select.mutate({ selected, target });
  };

  const settle = () => {
    if (selectedItems.length === 0) return showToast('请选择要结算的商品');
    const items = encodeLines(selectedItems.map((i) => ({ skuId: i.skuId, quantity: i.quantity })));
    navigate(`${PATHS.writeOrder}?items=${items}&fromCart=1`);
  };

  const deleteSelected = async () => {
    if (selectedItems.length === 0) return showToast('请选择要删除的商品');
    const ok = await Dialog.confirm({
      content: `确定删除选中的${selectedItems.length}种商品吗？`,
      confirmText: '删除',
      cancelText: '取消',
    });
    if (ok) remove.mutate(selectedItems.map((i) => i.id));
  };

  const collectSelected = () => {
    if (selectedItems.length === 0) return showToast('请选择要移入收藏的商品');
    if (!moveToCollection.isPending) moveToCollection.mutate(selectedItems);
  };

  const clearInvalid = async () => {
    const ok = await Dialog.confirm({
      content: '确定清空失效商品吗？',
      confirmText: '清空',
      cancelText: '取消',
    });
    if (ok) remove.mutate(cart.invalid.map((i) => i.id));
  };

  return (
    <div className="cart" data-testid="cart">
      <div className="cart-top">
        <span>共 {lineCount} 种商品</span>
        <button type="button" className="cart-top__edit" onClick={() => setEditing((e) => !e)}>
          {editing ? '完成' : '管理'}
        </button>
      </div>

      {cart.stores.map((store) => {
        const allOn = store.items.every((i) => i.selected);
        return (
          <section key={store.storeId} className="cart-store card" data-testid="cart-store">
            <header className="cart-store__head">
              <Checkbox
                checked={allOn}
                aria-label={`选择${store.storeName}`}
                onChange={(on) => toggle(on, { storeId: store.storeId })}
              />
              <Link className="cart-store__name" to={`${PATHS.store}?id=${store.storeId}`}>
                <KoubeiOutline />
                <span>{store.storeName}</span>
                <RightOutline />
              </Link>
            </header>
            {store.items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                onSelect={(on) => toggle(on, { ids: [item.id] })}
                onQuantity={(quantity) => edit.mutate({ id: item.id, quantity })}
              />
            ))}
          </section>
        );
      })}

      {cart.invalid.length > 0 && (
        <section className="cart-store cart-invalid card">
          <header className="cart-store__head">
            <span className="cart-invalid__title">失效商品 {cart.invalid.length} 件</span>
            <button type="button" className="cart-invalid__clear" onClick={clearInvalid}>
              清空失效商品
            </button>
          </header>
          {cart.invalid.map((item) => (
            <div key={item.id} className="cart-line cart-line--invalid">
              <span className="cart-invalid__tag">{REASON[item.reason] ?? '失效'}</span>
              <Img className="cart-line__image" src={item.image} alt={item.title} />
              <div className="cart-line__body">
                <div className="cart-line__title text-clamp-2">{item.title}</div>
                <div className="cart-line__sku">{item.skuName}</div>
                <div className="cart-line__hint">宝贝已不能购买</div>
              </div>
            </div>
          ))}
        </section>
      )}

      <footer className="cart-bar">
        <Checkbox
          checked={cart.totals.allSelected}
          disabled={cart.stores.length === 0}
          onChange={(on) => toggle(on, { all: true })}
        >
          全选
        </Checkbox>
        {editing ? (
          <>
            <Button
              className="cart-bar__btn cart-bar__btn--end"
              shape="rounded"
              color="warning"
              fill="outline"
              loading={moveToCollection.isPending}
              onClick={collectSelected}
            >
              移入收藏
            </Button>
            <Button
              className="cart-bar__btn"
              shape="rounded"
              color="danger"
              fill="outline"
              loading={remove.isPending}
              onClick={deleteSelected}
            >
              删除
            </Button>
          </>
        ) : (
          <>
            <div className="cart-bar__total">
              合计：
              <span data-testid="cart-total">
                <Price fen={cart.totals.totalPrice} />
              </span>
            </div>
            <Button
              className="cart-bar__btn"
              shape="rounded"
              color="primary"
              disabled={cart.totals.selectedCount === 0}
              onClick={settle}
            >
              结算({cart.totals.selectedCount})
            </Button>
          </>
        )}
      </footer>
    </div>
  );
}

function CartLine({
  item,
  onSelect,
  onQuantity,
}: {
  item: CartItem;
  onSelect: (on: boolean) => void;
  onQuantity: (quantity: number) => void;
}) {
  const max = Math.max(1, Math.min(item.stock, CART_QUANTITY_MAX));
  return (
    <div className="cart-line" data-testid="cart-line">
      <Checkbox
        checked={item.selected}
        aria-label={`选择${item.title}`}
        onChange={(on) => onSelect(on)}
      />
      <Link to={`${PATHS.product}?id=${item.productId}`} className="cart-line__image-link">
        <Img className="cart-line__image" src={item.image} alt={item.title} />
      </Link>
      <div className="cart-line__body">
        <div className="cart-line__title text-clamp-2">{item.title}</div>
        <div className="cart-line__sku">{item.skuName}</div>
        {item.quantity > item.stock && (
          <div className="cart-line__hint">库存仅剩{item.stock}件</div>
        )}
        <div className="cart-line__bottom">
          <Price fen={item.price} />
          <Stepper
            min={1}
            max={max}
            value={item.quantity}
            aria-label="数量"
            onChange={(v) => {
              const next = Math.max(1, Math.min(Math.trunc(v) || 1, max));
              if (next !== item.quantity) onQuantity(next);
            }}
          />
        </div>
        <span className="cart-line__sr">{formatPrice(item.price * item.quantity)}</span>
      </div>
    </div>
  );
}
