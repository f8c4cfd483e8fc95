import { type MySubscription, SECKILL_REMIND_MINUTES } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { LiveReservations, useLiveReservations } from '../../../ui/live/LiveReservations.tsx';
import { Price } from '../../../ui/Price.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { mySubscribeQuery, refreshSeckill, seckillApi } from '../api.ts';
import { rushPath } from '../components/SeckillItemCard.tsx';
import { ITEM_STATE_TEXT, startText } from '../labels.ts';
import '../seckill.css';

const { reachBottomDistance } = pageConfigFor(PATHS.mySubscribe);

/**
 * 我的提醒: the live rooms I 预约'd (features/live), then the flash-sale items I asked to be
 * reminded of, newest first; 取消提醒 per row.
 */
export default function MySubscribePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(mySubscribeQuery());
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const live = useLiveReservations();
  const liveRows = live.data?.pages[0]?.total ?? 0;
  const cancel = useMutation({
    mutationFn: (itemId: number) => seckillApi.unsubscribe(itemId),
    meta: { toast: false },
    onSuccess: () => {
      showToast('已取消提醒');
      void refreshSeckill(queryClient);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });
  const confirmCancel = async (row: MySubscription) => {
    const ok = await Dialog.confirm({
      content: '确定取消该商品的开抢提醒吗？',
      confirmText: '取消提醒',
      cancelText: '再想想',
    });
    if (ok) cancel.mutate(row.item.id);
  };

  return (
    <ListStates
      query={query}
      isEmpty={rows.length === 0 && liveRows === 0}
      empty={
        <EmptyState icon={<BellOutline />} title="暂无订阅" description="去限时秒杀看看吧">
          <button type="button" className="sk-link" onClick={() => navigate(PATHS.seckill)}>
            去逛逛
          </button>
        </EmptyState>
      }
    >
      <LiveReservations query={live} />
      <div className="sk-subs">
        {rows.map((row) => (
          <article key={row.item.id} className="sk-sub card" data-testid="subscription">
            <Link className="sk-sub__link" to={rushPath(row.item.id)}>
              <Img className="sk-sub__image" src={row.item.image} alt={row.item.title} />
              <span className="sk-sub__body">
                <span className="sk-sub__title text-clamp-2">{row.item.title}</span>
                <span className="sk-sub__when">
                  {startText(row.item.startAt)} 开抢
                  <em className={`sk-sub__state sk-sub__state--${row.item.state}`}>
                    {ITEM_STATE_TEXT[row.item.state]}
                  </em>
                </span>
                <span className="sk-item__prices">
                  <Price fen={row.item.flashPrice} />
                  <s className="sk-item__origin">{formatPrice(row.item.price)}</s>
                </span>
              </span>
            </Link>
            <footer className="sk-sub__foot">
              <span className="sk-sub__note">
                {row.remindedAt ? '已提醒' : `开抢前${SECKILL_REMIND_MINUTES}分钟提醒`}
                {row.sms ? ' · 短信' : ''}
              </span>
              <button
                type="button"
                className="sk-btn sk-btn--subscribed"
                disabled={cancel.isPending && cancel.variables === row.item.id}
                onClick={() => void confirmCancel(row)}
              >
                取消提醒
              </button>
            </footer>
          </article>
        ))}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </div>
    </ListStates>
  );
}
