import TIM, { type KickedOutData, type Message, type TimEvent } from '@chaopin/im-sdk';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import { credential } from './api.ts';

export type NetState = 'idle' | 'connecting' | 'connected' | 'disconnected';

export interface DeskIm {
  /** The SDK signed in as the store's chat account (null until then). */
  tim: TIM | null;
  ready: boolean;
  net: NetState;
  /** The store's chat account: store_<id>. */
  storeUser: string;
  error: string | null;
}

/**
 * The desk's IM session: the store's credential (admin/chat/credential), the IM SDK signed in as
 * the store (beside any other agent's session of it), the buyers' messages handed to `onMessages`.
 * An expired credential is renewed at once; another store, or leaving the page, signs out.
 */
export function useDeskIm(storeId: number | null, onMessages: (list: Message[]) => void): DeskIm {
  const [state, setState] = useState<DeskIm>({
    tim: null,
    ready: false,
    net: 'idle',
    storeUser: '',
    error: null,
  });
  const listener = useRef(onMessages);
  listener.current = onMessages;

  useEffect(() => {
    if (storeId === null) return;
    let live = true;
    const tim = TIM.create({ SDKAppID: 1400000001 });
    const signIn = async () => {
      try {
        const cred = await credential(storeId);
        if (!live) return;
        setState((s) => ({ ...s, storeUser: cred.userID, error: null }));
        await tim.login({ userID: cred.userID, userSig: cred.userSig });
      } catch (error) {
        if (live) setState((s) => ({ ...s, error: errorMessage(error, '客服账号登录失败') }));
      }
    };
    tim.on(TIM.EVENT.SDK_READY, () => live && setState((s) => ({ ...s, tim, ready: true })));
    tim.on(TIM.EVENT.SDK_NOT_READY, () => live && setState((s) => ({ ...s, ready: false })));
    tim.on(TIM.EVENT.NET_STATE_CHANGE, (e: TimEvent) => {
      const net = (e.data as { state: NetState }).state;
      if (live) setState((s) => ({ ...s, net }));
    });
    tim.on(TIM.EVENT.MESSAGE_RECEIVED, (e: TimEvent) => {
      if (live) listener.current(e.data as Message[]);
    });
    tim.on(TIM.EVENT.KICKED_OUT, (e: TimEvent) => {
      if (!live) return;
      const { type } = e.data as KickedOutData;
      // A credential lives one shift: renew it. A kick by the platform stays a kick.
      if (type === TIM.TYPES.KICKED_OUT_USERSIG_EXPIRED) void signIn();
      else setState((s) => ({ ...s, error: '客服账号已被强制下线，请刷新页面重新登录' }));
    });
    setState({ tim: null, ready: false, net: 'connecting', storeUser: '', error: null });
    void signIn();
    return () => {
      live = false;
      void tim.destroy().catch(() => undefined);
    };
  }, [storeId]);

  return state;
}
