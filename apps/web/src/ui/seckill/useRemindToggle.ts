import { SECKILL_REMIND_MINUTES, type SeckillItem } from '@chaopin/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../core/api/client.ts';
import { useSession } from '../../core/session.ts';
import { loginPath } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { seckillKeys } from './bannerQuery.ts';
import { refreshSeckill, seckillApi } from './seckillApi.ts';

type Clocked<T> = T & { offsetMs: number };
type ItemsData = Clocked<{ list: SeckillItem[] }>;
type ItemData = Clocked<{ item: SeckillItem }>;

/**
 * 提醒我 / 已设置提醒: a tap sets the reminder, a second tap cancels it. Signed-out users are sent
 * to log in first (and come back here).
 */
export function useRemindToggle(): {
  toggle: (item: Pick<SeckillItem, 'id' | 'subscribed'>) => void;
  pendingId: number | null;
} {
  const signedOut = useSession((s) => s.status === 'out');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: ({ itemId, on }: { itemId: number; on: boolean }) =>
      on ? seckillApi.subscribe(itemId) : seckillApi.unsubscribe(itemId),
    meta: { toast: false },
    onSuccess: (_data, { itemId, on }) => {
      // The button changes at once; the refetch that follows confirms it.
      const mark = (item: SeckillItem) => (item.id === itemId ? { ...item, subscribed: on } : item);
      queryClient.setQueriesData<ItemsData>({ queryKey: seckillKeys.allItems }, (old) =>
        old ? { ...old, list: old.list.map(mark) } : old,
      );
      queryClient.setQueryData<ItemData>(seckillKeys.item(itemId), (old) =>
        old ? { ...old, item: mark(old.item) } : old,
      );
      // The product detail's strip (null when the product has no sale).
      queryClient.setQueriesData<ItemData | null>({ queryKey: seckillKeys.products }, (old) =>
        old ? { ...old, item: mark(old.item) } : old,
      );
      void refreshSeckill(queryClient);
      showToast(on ? `设置成功，开抢前${SECKILL_REMIND_MINUTES}分钟提醒您` : '已取消提醒');
    },
    onError: (error) => {
      showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试');
      void refreshSeckill(queryClient);
    },
  });

  const toggle = (item: Pick<SeckillItem, 'id' | 'subscribed'>) => {
    if (signedOut) {
      showToast('请先登录');
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    if (!mutation.isPending) mutation.mutate({ itemId: item.id, on: !item.subscribed });
  };
  return { toggle, pendingId: mutation.isPending ? (mutation.variables?.itemId ?? null) : null };
}
