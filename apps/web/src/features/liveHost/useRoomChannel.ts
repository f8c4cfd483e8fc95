import type { LiveEvent } from '@chaopin/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveChat } from '../../ui/live/useLiveChat.ts';
import { showToast } from '../../ui/toast.ts';
import { refreshHost } from './api.ts';

/**
 * The centre follows its room on the room's own channel, as the viewers' page does: a state event
 * (the push started, stopped or the operator banned the room) reloads the centre at once instead
 * of showing 直播中 until a reload, and the online count is the channel's. Read only.
 */
export function useRoomChannel(chatRoomId: string | null): { online: number | null } {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent) => {
      if (event.type !== 'state') return;
      if (event.state === 'ended') showToast('直播已结束');
      if (event.state === 'banned') showToast('直播间已被封禁');
      void refreshHost(queryClient);
    },
    [queryClient],
  );
  const { online } = useLiveChat({ chatRoomId, signedIn: false, me: null, onEvent });
  return { online };
}
