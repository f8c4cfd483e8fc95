import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../core/session.ts';
import { loginPath, PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { liveApi, liveKeys } from './liveApi.ts';

// The live room's hooks the host pages and 我的提醒 use too; useFollowToggle stays in features/live.

/** The signed-in user's id, or null (also while a stored token is being checked). */
export function useViewerId(): number | null {
  return useSession((s) => (s.status === 'in' ? (s.user?.id ?? null) : null));
}

/**
 * `gate()` is true for a signed-in user; a signed-out one is told and sent to log in (and comes
 * back here afterwards).
 */
export function useLoginGate(): () => boolean {
  const signedIn = useSession((s) => s.status !== 'out');
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (signedIn) return true;
    showToast('请先登录');
    navigate(loginPath(location.pathname + location.search));
    return false;
  }, [signedIn, navigate, location.pathname, location.search]);
}

/** 预约 / 取消预约 of a 预告 room. */
export function useNoticeToggle() {
  const queryClient = useQueryClient();
  const who = useViewerId();
  const gate = useLoginGate();
  const mutation = useMutation({
    mutationFn: ({ roomId, on }: { roomId: number; on: boolean }) => liveApi.notice(roomId, on),
    onSuccess: (_d, { roomId, on }) => {
      queryClient.setQueryData(liveKeys.isNotice(roomId, who), on);
      void queryClient.invalidateQueries({ queryKey: liveKeys.rooms(roomId) });
      void queryClient.invalidateQueries({ queryKey: liveKeys.reservations });
      showToast(on ? '预约成功，开播时提醒您' : '已取消预约');
    },
  });
  const toggle = (roomId: number, on: boolean) => {
    if (!gate() || mutation.isPending) return;
    mutation.mutate({ roomId, on });
  };
  return { toggle, pending: mutation.isPending };
}

/** Where a room card leads: ended rooms with a replay to the video page, others to the room. */
export function roomPath(room: { id: number; state: string; hasReplay: boolean }): string {
  if (room.state === 'ended' || room.state === 'banned') {
    return room.hasReplay && room.state === 'ended'
      ? `${PATHS.liveVideo}?id=${room.id}`
      : `${PATHS.liveOver}?id=${room.id}`;
  }
  return `${PATHS.livePlay}?id=${room.id}`;
}
