import type { IsPayPasswordData } from '@chaopin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { payPasswordQuery } from './payPasswordQuery.ts';

/**
 * Before asking for the pay password, as the cashier does: no password set → offer to set one;
 * locked after wrong tries → say so. Resolves true when the sheet may open.
 */
export function usePayPasswordGate(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    let state: IsPayPasswordData;
    try {
      state = await queryClient.fetchQuery({ ...payPasswordQuery(), staleTime: 10_000 });
    } catch {
      return false;
    }
    if (!state.isSet) {
      const go = await Dialog.confirm({
        content: '您还未设置支付密码，是否现在设置？',
        confirmText: '去设置',
        cancelText: '取消',
      });
      if (go) navigate(PATHS.setPayPassword);
      return false;
    }
    if (state.locked) {
      showToast('支付密码已锁定，请稍后再试或重置支付密码');
      return false;
    }
    return true;
  }, [queryClient, navigate]);
}
