import { ORDER_NOTE_MAX } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { newClientKey, useCheckout } from '../../../core/checkout.ts';
import { sharedKeys } from '../../../core/sharedKeys.ts';
import { AddressRow } from '../../../ui/address/AddressRow.tsx';
import { addressesQuery } from '../../../ui/address/addressesQuery.ts';
import { Captcha } from '../../../ui/captcha/Captcha.tsx';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPagePath } from '../../../ui/payLink.ts';
import { useRemindToggle } from '../../../ui/seckill/useRemindToggle.ts';
import { showToast } from '../../../ui/toast.ts';
import { refreshSeckill, seckillApi, seckillItemQuery } from '../api.ts';
import { RushItem } from '../components/RushItem.tsx';
import { itemButtonText, rushBlockedText } from '../labels.ts';
import '../seckill.css';
import '../shopRush.css';

/** Errors after which the item's state is worth asking again (sold out, ended, not open yet…). */
const STATE_ERRORS = /^SECKILL_/;

/**
 * 立即抢购 (?id= the flash-sale item): the item, the delivery address, the payment window and,
 * while the sale is open, the captcha whose solution is the purchase's `ticket` header.
 */
export default function ShopRushPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!(Number.isInteger(id) && id > 0)) {
    return <ErrorBlock status="empty" title="商品不存在" description="请返回重新选择" />;
  }
  // Another item's link (only ?id= changes) keeps this route's element: a fresh page per item,
  // so that its purchase key, captcha round and ticket are never another item's.
  return <ShopRush key={id} id={id} />;
}

function ShopRush({ id }: { id: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(seckillItemQuery(id));
  const addresses = useQuery(addressesQuery());
  const { addressId, note, setAddressId, setNote, reset } = useCheckout();
  const { toggle, pendingId } = useRemindToggle();
  // One key per purchase attempt: a retry after a lost answer gets the same order back.
  const [clientKey, setClientKey] = useState(newClientKey);
  const [ticket, setTicket] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  const list = addresses.data ?? [];
  const address =
    list.find((a) => a.id === addressId) ?? list.find((a) => a.isDefault) ?? list[0] ?? null;

  const rush = useMutation({
    mutationFn: ({ address: chosen, pass }: { address: number; pass: string }) =>
      seckillApi.rush({ itemId: id, addressId: chosen, clientKey, note: note.trim() }, pass),
    meta: { toast: false },
    onSuccess: (data) => {
      // Nothing of this purchase may serve another: this page can stay mounted (a quick way
      // back lands before the cashier renders), and the server answers a known key with its
      // earlier order, not with 每人限购.
      setTicket(null);
      setClientKey(newClientKey());
      setRound((n) => n + 1);
      void refreshSeckill(queryClient);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.allOrders });
      reset();
      navigate(payPagePath(data), { replace: true });
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '抢购失败，请稍后重试');
      // A ticket is good for one attempt (CAPTCHA_USED / INVALID / EXPIRED, or spent by this
      // one): solve a new challenge before the next tap.
      setTicket(null);
      setRound((n) => n + 1);
      if (!isApiError(error)) return;
      if (error.errorId === 'ADDRESS_REQUIRED') setAddressId(null);
      if (STATE_ERRORS.test(error.errorId)) void query.refetch();
    },
  });

  const data = query.data;
  if (!data) {
    if (query.isError) {
      const gone = isApiError(query.error) && query.error.code === 404;
      return (
        <ErrorBlock
          status={gone ? 'empty' : 'default'}
          title={gone ? '秒杀商品不存在或已下架' : '加载失败'}
          description={gone ? '去看看其他秒杀商品吧' : '请稍后重试'}
        >
          {!gone && (
            <Button
              color="primary"
              fill="outline"
              shape="rounded"
              onClick={() => void query.refetch()}
            >
              重新加载
            </Button>
          )}
        </ErrorBlock>
      );
    }
    return <PageLoading />;
  }

  const { item, session } = data;
  const blocked = rushBlockedText(data);
  const open = item.state === 'buy' && !blocked;
  const onRush = () => {
    if (!address) return showToast('请选择收货地址');
    if (!ticket) return showToast('请先完成人机验证');
    if (!rush.isPending) rush.mutate({ address: address.id, pass: ticket });
  };

  return (
    <div className="sk-rush">
      <RushItem data={data} offsetMs={data.offsetMs} onPhaseChange={() => void query.refetch()} />
      <AddressRow address={address} onClick={() => navigate(`${PATHS.addresses}?select=1`)} />
      <section className="sk-rush__notes card">
        <div className="sk-rush__row">
          <span>订单备注</span>
          <Input
            aria-label="订单备注"
            className="sk-rush__note"
            placeholder="选填，请先和商家协商一致"
            value={note}
            maxLength={ORDER_NOTE_MAX}
            onChange={setNote}
          />
        </div>
        <p className="sk-rush__tip" data-testid="rush-pay-window">
          秒杀订单需在{session.payMinutes}分钟内完成支付，超时未支付将自动取消
        </p>
      </section>
      {open && (
        <section className="sk-rush__captcha card">
          <h3 className="sk-rush__caption">人机验证</h3>
          <Captcha
            action={`seckill:${item.id}`}
            round={round}
            onTicket={setTicket}
            className="sk-captcha"
            testId="seckill-captcha"
          />
        </section>
      )}
      <footer className="sk-rush-bar">
        <span className="sk-rush-bar__price">
          秒杀价 <Price fen={item.flashPrice} />
        </span>
        {blocked ? (
          <Button color="default" shape="rounded" disabled>
            {blocked}
          </Button>
        ) : open ? (
          <Button
            color="primary"
            shape="rounded"
            disabled={!ticket}
            loading={rush.isPending}
            onClick={onRush}
          >
            马上抢
          </Button>
        ) : (
          <Button
            color={item.state === 'remind' ? 'primary' : 'default'}
            shape="rounded"
            fill={item.state === 'remind' && item.subscribed ? 'outline' : 'solid'}
            disabled={item.state !== 'remind' || pendingId === item.id}
            onClick={() => toggle(item)}
          >
            {itemButtonText(item.state, item.subscribed)}
          </Button>
        )}
      </footer>
    </div>
  );
}
