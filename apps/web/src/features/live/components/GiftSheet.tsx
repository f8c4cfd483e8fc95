import { LIVE_GIFT_COUNT_MAX, type LiveGift } from '@chaopin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading, Popup } from 'antd-mobile';
import { useState } from 'react';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey } from '../../../core/checkout.ts';
import { formatPrice } from '../../../core/format.ts';
import { balanceQuery, sharedKeys } from '../../../core/sharedKeys.ts';
import { Img } from '../../../ui/Img.tsx';
import { giftPrice } from '../../../ui/live/chatBody.ts';
import { useLoginGate, useViewerId } from '../../../ui/live/hooks.ts';
import { PayPasswordSheet } from '../../../ui/payPassword/PayPasswordSheet.tsx';
import { usePayPasswordGate } from '../../../ui/payPassword/usePayPasswordGate.ts';
import { showToast } from '../../../ui/toast.ts';
import { liveApi, liveGiftsQuery, liveKeys } from '../api.ts';

const COUNTS = [1, 10, 66, 188];

/** 礼物: a grid of gifts, a count, 赠送 paid from the balance with the pay password. */
export function GiftSheet({
  roomId,
  visible,
  onClose,
}: {
  roomId: number;
  visible: boolean;
  onClose: () => void;
}) {
  const who = useViewerId();
  const gifts = useQuery({ ...liveGiftsQuery(), enabled: visible });
  const balance = useQuery({ ...balanceQuery(), enabled: visible && who !== null });
  const [picked, setPicked] = useState<LiveGift | null>(null);
  const [count, setCount] = useState(1);
  const [asking, setAsking] = useState(false);
  // One key per gift being sent: a retry after a lost answer does not pay twice.
  const [clientKey, setClientKey] = useState(newClientKey);
  const gate = useLoginGate();
  const payGate = usePayPasswordGate();
  const queryClient = useQueryClient();

  const gift = picked ?? gifts.data?.[0] ?? null;
  const total = gift ? gift.price * count : 0;

  const send = async () => {
    if (!gift || !gate()) return;
    if (balance.data && balance.data.balance < total) return showToast('余额不足，请先充值');
    if (await payGate()) setAsking(true);
  };

  const pay = async (payPassword: string) => {
    if (!gift) return;
    try {
      const sent = await liveApi.gift({ roomId, giftId: gift.id, count, clientKey, payPassword });
      setClientKey(newClientKey());
      setAsking(false);
      onClose();
      queryClient.setQueryData(sharedKeys.balance, { balance: sent.balance });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.payTypes });
      void queryClient.invalidateQueries({ queryKey: liveKeys.rankings(roomId) });
      showToast(`赠送成功，余额 ${formatPrice(sent.balance)}`);
    } catch (error) {
      const msg = isApiError(error) ? error.msg : '赠送失败，请稍后重试';
      showToast(msg);
      if (!isApiError(error) || error.errorId !== 'PAY_PASSWORD_WRONG') setAsking(false);
      if (isApiError(error)) setClientKey(newClientKey());
      throw error;
    }
  };

  return (
    <>
      <Popup
        visible={visible}
        onMaskClick={onClose}
        onClose={onClose}
        bodyClassName="lp-sheet lp-sheet--dark"
      >
        <div className="gift-sheet" data-testid="gift-sheet-body">
          <header className="gift-sheet__head">
            <span>礼物</span>
            {who !== null && (
              <span className="gift-sheet__balance" data-testid="gift-balance">
                余额 {balance.data ? formatPrice(balance.data.balance) : '--'}
              </span>
            )}
          </header>
          {gifts.isPending ? (
            <div className="gift-sheet__loading">
              <DotLoading color="white" />
            </div>
          ) : (gifts.data?.length ?? 0) === 0 ? (
            <p className="gift-sheet__empty">暂无可赠送的礼物</p>
          ) : (
            <div className="gift-grid">
              {gifts.data?.map((g) => (
                <button
                  type="button"
                  key={g.id}
                  className={g.id === gift?.id ? 'gift-cell is-active' : 'gift-cell'}
                  data-testid="gift-item"
                  aria-pressed={g.id === gift?.id}
                  onClick={() => setPicked(g)}
                >
                  <Img className="gift-cell__icon" src={g.icon} alt="" />
                  <span className="gift-cell__name">{g.name}</span>
                  <span className="gift-cell__price">{giftPrice(g.price)}</span>
                </button>
              ))}
            </div>
          )}
          <footer className="gift-sheet__foot">
            <div className="gift-counts">
              {COUNTS.filter((n) => n <= LIVE_GIFT_COUNT_MAX).map((n) => (
                <button
                  type="button"
                  key={n}
                  aria-pressed={count === n}
                  className={count === n ? 'is-active' : ''}
                  onClick={() => setCount(n)}
                >
                  ×{n}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="gift-send"
              data-testid="gift-send"
              disabled={!gift}
              onClick={() => void send()}
            >
              赠送{gift ? ` ${giftPrice(total)}` : ''}
            </button>
          </footer>
        </div>
      </Popup>
      <PayPasswordSheet
        keypad
        visible={asking}
        title={gift ? `赠送 ${gift.name} ×${count}` : '请输入支付密码'}
        amount={total}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </>
  );
}
