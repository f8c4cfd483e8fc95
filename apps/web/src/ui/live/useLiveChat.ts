import { LIVE_ONLINE_REFRESH_MS, type LiveEvent, type LiveMessage } from '@chaopin/contracts';
import { LiveRoomClient } from '@chaopin/im-sdk/live';
import { useCallback, useEffect, useRef, useState } from 'react';
import { storage } from '../../core/storage.ts';
import { type ChatLine, parseChatBody, toChatLine } from './chatBody.ts';

/** Lines kept in the chat list (older ones scroll away for good). */
const CHAT_KEEP = 80;
const ONLINE_POLL_MS = 10_000;

/** The origin of the live chat socket: this page's, as ws(s)://. */
export function liveSocketOrigin(where: { protocol: string; host: string } = location): string {
  return `${where.protocol === 'https:' ? 'wss' : 'ws'}://${where.host}`;
}

export interface LiveChat {
  lines: ChatLine[];
  /** The newest arrival / gift / purchase / follow line (the ticker over the chat). */
  ticker: ChatLine | null;
  online: number | null;
  connected: boolean;
  /** Posts a text line as the signed-in viewer. */
  send: (text: string) => Promise<void>;
}

interface Options {
  /** The room's AVChatRoom id (getRoomInfo's chatRoomId); null: not joined yet. */
  chatRoomId: string | null;
  /** Signed in: the app session token lets the viewer post; else read only. */
  signedIn: boolean;
  me: { nick: string; avatar: string } | null;
  onEvent: (event: LiveEvent) => void;
}

/**
 * The room's chat over the live-room socket: text lines, arrivals and events in order, the online
 * count, and posting. Anonymous viewers read only.
 */
export function useLiveChat({ chatRoomId, signedIn, me, onEvent }: Options): LiveChat {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [ticker, setTicker] = useState<ChatLine | null>(null);
  const [online, setOnline] = useState<number | null>(null);
  const [connected, setConnected] = useState(false);
  const clientRef = useRef<LiveRoomClient | null>(null);
  const seen = useRef(new Set<string>());
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const meRef = useRef(me);
  meRef.current = me;

  const take = useCallback((messages: LiveMessage[]) => {
    const chat: ChatLine[] = [];
    let latest: ChatLine | null = null;
    for (const message of messages) {
      const key = `${message.roomId}:${message.sequence}`;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      const body = parseChatBody(message.body);
      if (!body) continue;
      if (body.kind === 'event') {
        try {
          onEventRef.current(body.event);
        } catch {
          /* one bad event must not stop the others */
        }
      }
      const line = toChatLine(message, body);
      if (!line) continue;
      if (line.place === 'chat') chat.push(line);
      else {
        latest = line;
        // Gifts, purchases and follows also stay in the chat, as Douyin shows them.
        if (line.kind !== 'enter') chat.push(line);
      }
    }
    if (chat.length) setLines((old) => [...old, ...chat].slice(-CHAT_KEEP));
    if (latest) setTicker(latest);
  }, []);

  useEffect(() => {
    if (!chatRoomId) return;
    const token = signedIn ? storage.getToken() : null;
    const client = new LiveRoomClient({ url: liveSocketOrigin(), ...(token ? { token } : {}) });
    clientRef.current = client;
    let closed = false;
    client.on('message', take);
    client.on('state', (state) => setConnected(state === 'connected'));
    client
      .joinGroup(chatRoomId)
      .then(({ onlineMemberNum }) => {
        if (closed) return;
        setConnected(true);
        setOnline(onlineMemberNum);
        const who = meRef.current;
        if (token && who) {
          void client.sendMessage(chatRoomId, { kind: 'enter', nick: who.nick }, 'Low').then(
            (message) => take([message]),
            () => undefined,
          );
        }
      })
      .catch(() => setConnected(false));
    const refresh = () =>
      client.getGroupOnlineMemberCount(chatRoomId).then(
        (n) => !closed && setOnline(n),
        () => undefined,
      );
    // The count is published every few seconds: look again soon after joining, then now and then.
    const soon = setTimeout(refresh, LIVE_ONLINE_REFRESH_MS + 500);
    const poll = setInterval(refresh, ONLINE_POLL_MS);
    return () => {
      closed = true;
      clearTimeout(soon);
      clearInterval(poll);
      client.off('message', take);
      void client.quitGroup(chatRoomId).finally(() => client.close());
      clientRef.current = null;
    };
  }, [chatRoomId, signedIn, take]);

  const send = useCallback(
    async (text: string) => {
      const client = clientRef.current;
      const who = meRef.current;
      if (!client || !chatRoomId || !who) throw new Error('未连接到直播间');
      const message = await client.sendMessage(chatRoomId, {
        kind: 'text',
        text,
        nick: who.nick,
        avatar: who.avatar,
      });
      take([message]);
    },
    [chatRoomId, take],
  );

  return { lines, ticker, online, connected, send };
}
