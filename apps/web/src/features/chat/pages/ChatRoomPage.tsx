import type { Message } from '@chaopin/im-sdk';
import { DotLoading } from 'antd-mobile';
import { MoreOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { chat, useConversations } from '../../../core/chat/chat-boot.ts';
import { canRevoke, parseCard, withDividers } from '../../../core/chat/message-view.ts';
import { useChatSession } from '../../../core/chat/session-store.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { ChatInput, type FileKind } from '../components/ChatInput.tsx';
import { CardView, MessageRow } from '../components/MessageBubble.tsx';
import { useActionSheet } from '../hooks/useActionSheet.ts';
import { useChatTitle } from '../hooks/useChatTitle.ts';
import { resend, sendNew } from '../hooks/useSend.ts';
import '../../../ui/chat/chat.css';
import { AppNavBar } from '../../../ui/AppNavBar.tsx';

type Session = ReturnType<typeof useChatSession.getState> & { currentMessageList: Message[] };
const useMessages = () => useChatSession((s) => (s as Session).currentMessageList);

/** tim/room: one conversation (C2C or group), query `conversationID`, optional `card` to offer. */
export default function ChatRoomPage() {
  const [params] = useSearchParams();
  const conversationID = params.get('conversationID') ?? '';
  const isC2C = conversationID.startsWith('C2C');
  const to = conversationID.replace(/^(C2C|GROUP)/, '');
  const card = useMemo(() => parseCard({ data: params.get('card') ?? '' }), [params]);
  const [cardSent, setCardSent] = useState(false);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const me = useConversations((s) => s.me);
  const net = useConversations((s) => s.net);
  const messages = useMessages();
  const title = useChatTitle(conversationID);
  const showSheet = useActionSheet();
  const [ready, setReady] = useState(false);
  const [more, setMore] = useState<{ next: string; done: boolean; loading: boolean }>({
    next: '',
    done: false,
    loading: false,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const keepFromBottom = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    const session = useChatSession.getState();
    session.openConversation({
      conversationID,
      type: isC2C ? 'C2C' : 'GROUP',
      ...(isC2C ? { userProfile: { userID: to } } : {}),
    });
    void chat().then(async (tim) => {
      try {
        const r = await tim.getMessageList({ conversationID });
        if (!live) return;
        useChatSession.getState().prependMessages(r.data.messageList.map((m) => ({ ...m })));
        setMore({ next: r.data.nextReqMessageID, done: r.data.isCompleted, loading: false });
      } catch (err) {
        if (live) showToast((err as Error).message);
      }
      if (live) setReady(true);
      void tim.setMessageRead({ conversationID }).catch(() => undefined);
    });
    return () => {
      live = false;
      useChatSession.getState().closeConversation();
    };
  }, [conversationID, isC2C, to]);

  const loadOlder = useCallback(async () => {
    if (more.done || more.loading || !more.next) return;
    setMore((s) => ({ ...s, loading: true }));
    const tim = await chat();
    const el = scroller.current;
    try {
      const r = await tim.getMessageList({ conversationID, nextReqMessageID: more.next });
      if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
      useChatSession.getState().prependMessages(r.data.messageList.map((m) => ({ ...m })));
      setMore({ next: r.data.nextReqMessageID, done: r.data.isCompleted, loading: false });
    } catch (err) {
      showToast((err as Error).message);
      setMore((s) => ({ ...s, loading: false }));
    }
  }, [conversationID, more]);

  // New messages keep the view at the bottom; older ones keep what the user was reading in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !messages.length) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stick.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 40) void loadOlder();
  };

  const conv = { to, conversationType: isC2C ? 'C2C' : 'GROUP' } as const;
  const sendText = (text: string) => {
    stick.current = true;
    void sendNew((tim) => tim.createTextMessage({ ...conv, payload: { text } }));
  };
  const sendFile = (kind: FileKind, file: File) => {
    stick.current = true;
    void sendNew((tim) =>
      kind === 'image'
        ? tim.createImageMessage({ ...conv, payload: { file, name: file.name } })
        : kind === 'video'
          ? tim.createVideoMessage({ ...conv, payload: { file, name: file.name } })
          : tim.createFileMessage({ ...conv, payload: { file, name: file.name } }),
    );
  };
  const sendAudio = (blob: Blob, second: number) => {
    stick.current = true;
    const type = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm';
    void sendNew((tim) =>
      tim.createAudioMessage({
        ...conv,
        payload: { file: blob, name: `voice.${type}`, second },
        // The SDK's upload replaces the payload: the duration travels here too (see report).
        cloudCustomData: JSON.stringify({ second }),
      }),
    );
  };
  const sendCard = () => {
    if (!card) return;
    setCardSent(true);
    void sendNew((tim) =>
      tim.createCustomMessage({
        ...conv,
        payload: { data: JSON.stringify(card), description: card.title, extension: card.kind },
      }),
    );
  };

  const onLongPress = (m: Message) => {
    const actions = [];
    if (m.type === 'TIMTextElem') actions.push({ key: 'copy', text: '复制' });
    if (m.status === 'success' && canRevoke(m, me)) actions.push({ key: 'revoke', text: '撤回' });
    if (!actions.length) return;
    showSheet({
      actions,
      cancelText: '取消',
      closeOnAction: true,
      onAction: async (a) => {
        if (a.key === 'copy') {
          await navigator.clipboard?.writeText(String(m.payload.text ?? '')).catch(() => undefined);
          showToast('已复制');
        } else if (a.key === 'revoke') {
          if (!canRevoke(m, me)) return showToast('消息发送已超过2分钟，无法撤回');
          const tim = await chat();
          try {
            const r = await tim.revokeMessage(m);
            useChatSession.getState().updateMessage({ ...r.data.message });
          } catch (err) {
            showToast((err as Error).message);
          }
        }
      },
    });
  };

  const rows = withDividers(messages);
  return (
    <div className="chat-page">
      <AppNavBar
        className="chat-page__nav"
        onBack={() => goBack(PATHS.messages)}
        right={
          <button
            type="button"
            className="chat-page__more"
            aria-label="聊天设置"
            data-testid="chat-settings"
            onClick={() =>
              navigate(
                isC2C
                  ? `${PATHS.chatUser}?userID=${encodeURIComponent(to)}`
                  : `${PATHS.groupInfo}?groupID=${encodeURIComponent(to)}`,
              )
            }
          >
            <MoreOutline />
          </button>
        }
      >
        {title}
      </AppNavBar>
      {(net === 'connecting' || net === 'disconnected') && (
        <div className="chat-offline" role="alert" data-testid="chat-offline">
          网络已断开
        </div>
      )}
      <div className="chat-list" ref={scroller} onScroll={onScroll} data-testid="chat-list">
        {!ready && (
          <div className="chat-tip">
            <DotLoading />
          </div>
        )}
        {ready && !more.done && (
          <button
            type="button"
            className="chat-tip chat-more-history"
            onClick={() => void loadOlder()}
          >
            {more.loading ? '加载中…' : '查看更多消息'}
          </button>
        )}
        {rows.map((row) =>
          row.kind === 'divider' ? (
            <div key={row.key} className="chat-time">
              {row.text}
            </div>
          ) : (
            <MessageRow
              key={row.key}
              m={row.message}
              me={me}
              isC2C={isC2C}
              name={title}
              onLongPress={onLongPress}
              onResend={(m) => void resend(m)}
            />
          ),
        )}
      </div>
      {card && !cardSent && (
        <div className="chat-offer" data-testid="chat-offer">
          <CardView card={card} />
          <button
            type="button"
            className="chat-offer__send"
            onClick={sendCard}
            data-testid="chat-offer-send"
          >
            发送
          </button>
        </div>
      )}
      <ChatInput
        onText={sendText}
        onFile={sendFile}
        onAudio={sendAudio}
        onLocation={(loc) =>
          void sendNew((tim) => tim.createLocationMessage({ ...conv, payload: loc }))
        }
      />
    </div>
  );
}
