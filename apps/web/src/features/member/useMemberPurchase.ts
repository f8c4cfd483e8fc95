import type { MemberBuyData, MemberPlanId } from '@chaopin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { newClientKey } from '../../core/checkout.ts';
import { sharedKeys } from '../../core/sharedKeys.ts';
import { useAppShow } from '../../ui/appShow.ts';
import { hideToast, showLoading, showSuccess, showToast } from '../../ui/toast.ts';
import { memberApi, memberKeys, refreshIdentity } from './api.ts';
import {
  clearPendingPurchase,
  type PendingPurchase,
  readPendingPurchase,
  savePendingPurchase,
} from './pendingPurchase.ts';

/** While a sandbox purchase waits for the gateway, its state is asked this often. */
const POLL_MS = 1500;

export type MemberPayType = 'balance' | 'sandbox';

/**
 * Buying a plan: from the balance (paid at once) or through the sandbox cashier (pending until
 * the gateway's notify, polled here). `buy` rejects when the server refused, so the pay-password
 * sheet can clear its cells for another try.
 */
export function useMemberPurchase() {
  const queryClient = useQueryClient();
  // One key per intended purchase: a resubmit after a lost answer gets the same purchase back
  // instead of paying twice; a definite answer (paid or refused) frees the next attempt.
  const clientKey = useRef(newClientKey());
  const [pending, setPending] = useState<PendingPurchase | null>(readPendingPurchase);
  const [busy, setBusy] = useState(false);

  const status = useQuery({
    queryKey: memberKeys.purchase(pending?.purchaseNo ?? ''),
    queryFn: () => memberApi.purchase(pending?.purchaseNo ?? ''),
    enabled: pending !== null,
    refetchInterval: POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { toast: false },
  });

  const stopWaiting = useCallback(() => {
    clearPendingPurchase();
    setPending(null);
  }, []);

  const paid = useCallback(() => {
    clientKey.current = newClientKey();
    showSuccess('开通成功');
    void refreshIdentity(queryClient);
    void queryClient.invalidateQueries({ queryKey: sharedKeys.balance });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.payTypes });
  }, [queryClient]);

  const state = status.data?.status;
  useEffect(() => {
    if (pending && state === 'paid') {
      stopWaiting();
      paid();
    }
  }, [pending, state, stopWaiting, paid]);
  useEffect(() => {
    if (pending && isApiError(status.error)) stopWaiting();
  }, [pending, status.error, stopWaiting]);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(stopWaiting, Math.max(0, pending.until - Date.now()));
    return () => clearTimeout(timer);
  }, [pending, stopWaiting]);

  // Back from the cashier: ask at once rather than at the next tick.
  const refetchStatus = status.refetch;
  useAppShow(
    useCallback(() => {
      if (readPendingPurchase()) void refetchStatus();
    }, [refetchStatus]),
  );

  const settle = useCallback(
    (data: MemberBuyData, amount: number) => {
      if (data.status === 'paid') return paid();
      // A resubmitted key may answer a sandbox purchase still waiting: its cashier again.
      if (!data.cashier) return showToast('支付未完成，请稍后在会员中心查看');
      clientKey.current = newClientKey();
      setPending(savePendingPurchase(data.purchaseNo, data.cashier.amount || amount));
      const opened = window.open(data.cashier.cashierUrl, '_blank');
      if (!opened) window.location.assign(data.cashier.cashierUrl);
    },
    [paid],
  );

  const buy = useCallback(
    async (plan: MemberPlanId, payType: MemberPayType, amount: number, password?: string) => {
      setBusy(true);
      if (payType === 'sandbox') showLoading('正在打开收银台');
      try {
        const data = await memberApi.buy({
          plan,
          payType,
          clientKey: clientKey.current,
          ...(password ? { password } : {}),
        });
        hideToast();
        settle(data, amount);
      } catch (error) {
        hideToast();
        if (isApiError(error)) clientKey.current = newClientKey();
        showToast(isApiError(error) ? error.msg : '支付失败，请稍后重试');
        throw error;
      } finally {
        setBusy(false);
      }
    },
    [settle],
  );

  return { buy, busy, pending, stopWaiting };
}
