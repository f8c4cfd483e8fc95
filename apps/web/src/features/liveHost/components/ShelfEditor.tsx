import { LIVE_SHELF_MAX, type LiveShelfItem } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, Popup } from 'antd-mobile';
import { AddOutline, CloseOutline, DeleteOutline, DownOutline, UpOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { liveHostApi, liveHostKeys, shelfQuery } from '../api.ts';
import {
  addProducts,
  markPinned,
  moveItem,
  removeItem,
  SHELF_STATUS_OPTIONS,
  SHELF_STATUS_TEXT,
  type ShelfRow,
  setStatus,
  shelfChanged,
  toUpShopItems,
} from '../shelf.ts';
import { ProductPicker } from './ProductPicker.tsx';

interface Props {
  roomId: number;
  visible: boolean;
  onClose: () => void;
}

/** 商品管理: the room's shelf as a draft (add, order, status, remove), saved whole; 讲解 at once. */
export function ShelfEditor({ roomId, visible, onClose }: Props) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="lh-sheet lh-sheet--tall"
    >
      <ShelfBody roomId={roomId} onClose={onClose} />
    </Popup>
  );
}

function ShelfBody({ roomId, onClose }: Omit<Props, 'visible'>) {
  const queryClient = useQueryClient();
  const shelf = useQuery(shelfQuery(roomId));
  const [draft, setDraft] = useState<ShelfRow[] | null>(null);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    if (shelf.data && draft === null) setDraft(shelf.data);
  }, [shelf.data, draft]);
  const rows = draft ?? [];
  const saved = shelf.data ?? [];
  const dirty = draft !== null && shelfChanged(saved, rows);
  const savedIds = useMemo(() => new Set(saved.map((s) => s.productId)), [saved]);
  const onShelf = useMemo(() => new Set(rows.map((s) => s.productId)), [rows]);

  const save = useMutation({
    mutationFn: () => liveHostApi.upShop(roomId, toUpShopItems(rows)),
    meta: { toast: false },
    onSuccess: (items) => {
      queryClient.setQueryData(liveHostKeys.shelf(roomId), items);
      setDraft(items);
      showSuccess('商品已保存');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '保存失败，请稍后重试'),
  });
  const pin = useMutation({
    mutationFn: (productId: number | null) => liveHostApi.pin(roomId, productId),
    meta: { toast: false },
    onSuccess: (_data, productId) => {
      setDraft((d) => (d ? markPinned(d, productId) : d));
      queryClient.setQueryData<LiveShelfItem[]>(liveHostKeys.shelf(roomId), (old) =>
        old ? markPinned(old, productId) : old,
      );
      showToast(productId ? '已设为讲解中' : '已取消讲解');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });

  const togglePin = (row: ShelfRow) => {
    if (!savedIds.has(row.productId)) return showToast('请先保存商品，再设置讲解');
    if (row.status === 'hidden' && !row.pinned) return showToast('隐藏的商品不能讲解');
    pin.mutate(row.pinned ? null : row.productId);
  };
  const close = async () => {
    if (dirty) {
      const leave = await Dialog.confirm({
        content: '商品改动还没有保存，确定离开吗？',
        confirmText: '离开',
        cancelText: '继续编辑',
      });
      if (!leave) return;
    }
    onClose();
  };
  const pick = (picked: Parameters<typeof addProducts>[1]) => {
    const result = addProducts(rows, picked);
    setDraft(result.shelf);
    if (result.skipped > 0) showToast(`最多添加${LIVE_SHELF_MAX}件商品`);
    else if (result.added > 0) showToast(`已添加${result.added}件，记得保存`);
  };

  return (
    <div className="lh-shelf" data-testid="shelf-editor">
      <header className="lh-sheet__head">
        <h3>
          商品管理
          <small>
            {rows.length}/{LIVE_SHELF_MAX}
          </small>
        </h3>
        <button type="button" aria-label="关闭" onClick={() => void close()}>
          <CloseOutline />
        </button>
      </header>
      <div className="lh-shelf__list">
        {shelf.isPending ? (
          <div className="feed-footer">
            <DotLoading color="primary" />
          </div>
        ) : rows.length === 0 ? (
          <div className="lh-shelf__empty">
            <p>货架还是空的</p>
            <span>添加商品后，观众可在直播间购物袋中购买</span>
          </div>
        ) : (
          rows.map((row, index) => (
            <article
              key={row.productId}
              className={`lh-shelf-row${row.pinned ? ' is-pinned' : ''}`}
              data-testid="shelf-row"
            >
              <div className="lh-shelf-row__main">
                <span className="lh-shelf-row__no">{index + 1}</span>
                <Img className="lh-shelf-row__image" src={row.image} alt={row.title} />
                <div className="lh-shelf-row__body">
                  <div className="lh-shelf-row__title text-clamp-2">
                    {row.pinned && <em className="lh-tag lh-tag--pin">讲解中</em>}
                    {row.title}
                  </div>
                  <div className="lh-shelf-row__meta">
                    <b>{formatPrice(row.price)}</b>
                    {savedIds.has(row.productId) ? (
                      <span>
                        库存{row.stock} · 已售{row.sales}
                      </span>
                    ) : (
                      <span className="lh-shelf-row__new">未保存</span>
                    )}
                  </div>
                </div>
                <div className="lh-shelf-row__order">
                  <button
                    type="button"
                    aria-label="上移"
                    disabled={index === 0}
                    data-testid="shelf-up"
                    onClick={() => setDraft(moveItem(rows, index, -1))}
                  >
                    <UpOutline />
                  </button>
                  <button
                    type="button"
                    aria-label="下移"
                    disabled={index === rows.length - 1}
                    data-testid="shelf-down"
                    onClick={() => setDraft(moveItem(rows, index, 1))}
                  >
                    <DownOutline />
                  </button>
                </div>
              </div>
              <div className="lh-shelf-row__ops">
                <fieldset className="lh-seg" aria-label="商品状态">
                  {SHELF_STATUS_OPTIONS.map((s) => (
                    <button
                      type="button"
                      key={s}
                      aria-pressed={row.status === s}
                      className={row.status === s ? 'is-on' : ''}
                      onClick={() => setDraft(setStatus(rows, row.productId, s))}
                    >
                      {SHELF_STATUS_TEXT[s]}
                    </button>
                  ))}
                </fieldset>
                <button
                  type="button"
                  className={`lh-pin${row.pinned ? ' is-on' : ''}`}
                  data-testid="shelf-pin"
                  disabled={pin.isPending}
                  onClick={() => togglePin(row)}
                >
                  {row.pinned ? '取消讲解' : '讲解'}
                </button>
                <button
                  type="button"
                  className="lh-shelf-row__del"
                  aria-label="移除"
                  onClick={() => setDraft(removeItem(rows, row.productId))}
                >
                  <DeleteOutline />
                </button>
              </div>
            </article>
          ))
        )}
      </div>
      <footer className="lh-sheet__foot lh-shelf__foot">
        <Button shape="rounded" onClick={() => setPicking(true)} data-testid="shelf-add">
          <AddOutline /> 添加商品
        </Button>
        <Button
          color="primary"
          shape="rounded"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="shelf-save"
        >
          {dirty ? '保存货架' : '已保存'}
        </Button>
      </footer>
      <ProductPicker
        visible={picking}
        onShelf={onShelf}
        onClose={() => setPicking(false)}
        onPick={pick}
      />
    </div>
  );
}
