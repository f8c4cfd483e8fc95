import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLoginGate } from '../../ui/live/hooks.ts';
import { showToast } from '../../ui/toast.ts';
import { liveApi, liveKeys } from './api.ts';

/** 关注 / 取消关注 of a host; `onDone` gets the new state. */
export function useFollowToggle(onDone?: (follow: boolean) => void) {
  const gate = useLoginGate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ hostId, follow }: { hostId: number; follow: boolean }) =>
      liveApi.follow(hostId, follow),
    onSuccess: (_d, { follow }) => {
      showToast(follow ? '关注成功' : '已取消关注');
      void queryClient.invalidateQueries({ queryKey: liveKeys.overs });
      onDone?.(follow);
    },
  });
  const toggle = (hostId: number, follow: boolean) => {
    if (!gate() || mutation.isPending) return;
    mutation.mutate({ hostId, follow });
  };
  return { toggle, pending: mutation.isPending };
}
