import type { Conversation } from '@chaopin/im-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, SwipeAction } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { chat, startChat, useConversations } from '../../core/chat/chat-boot.ts';
import {
  GROUP_NOTICES_TITLE,
  listTime,
  SYSTEM_CONVERSATION_ID,
  summaryOf,
} from '../../core/chat/message-view.ts';
import { usePageRefresh } from '../PageFrame.tsx';
import { PATHS } from '../pageConfig.ts';
import { showToast } from '../toast.ts';
import { EmojiText } from './EmojiText.tsx';
import './chat.css';
import { chatRoomPath } from '../paths.ts';

function nameOf(c: Conversation): string {
  return (
    c.groupProfile?.name || c.userProfile?.nick || c.conversationID.replace(/^(C2C|GROUP)/, '')
  );
}

/**
 * The message centre's chats: avatar, name, last message, time, unread badge; swipe to delete.
 * Group system notices are one entry, 群通知, that opens their own list (not a chat).
 */
export function ConversationList() {
  const list = useConversations((s) => s.list);
  const me = useConversations((s) => s.me);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(startChat, []);
  usePageRefresh(async () => {
    const tim = await chat();
    await Promise.all([
      queryClient.refetchQueries({ type: 'active' }),
      ...list.map((c) => tim.getConversationProfile(c.conversationID).catch(() => undefined)),
    ]);
  });

  const remove = async (c: Conversation) => {
    try {
      await (await chat()).deleteConversation(c.conversationID);
    } catch (err) {
      showToast((err as Error).message);
    }
  };

  return (
    <section className="conv-list card" aria-label="聊天">
      <div className="conv-list__head">
        <span>聊天</span>
        <span className="conv-list__links">
          <button
            type="button"
            onClick={() => navigate(PATHS.contacts)}
            data-testid="open-contacts"
          >
            通讯录
          </button>
          <button type="button" onClick={() => navigate(PATHS.chatRooms)}>
            聊天室
          </button>
        </span>
      </div>
      {list.length === 0 && <div className="conv-list__empty">暂无聊天</div>}
      {list.map((c) => {
        const notices = c.conversationID === SYSTEM_CONVERSATION_ID;
        const avatar = c.groupProfile?.avatar || c.userProfile?.avatar || '';
        const name = notices ? GROUP_NOTICES_TITLE : nameOf(c);
        const last = c.lastMessage;
        const text = last.type
          ? summaryOf(
              {
                type: last.type,
                isRevoked: last.isRevoked,
                payload: last.payload,
                from: last.fromAccount,
              },
              me,
            )
          : '';
        return (
          <SwipeAction
            key={c.conversationID}
            rightActions={[
              { key: 'delete', text: '删除', color: 'danger', onClick: () => void remove(c) },
            ]}
          >
            <button
              type="button"
              className="conv-item"
              data-testid="conv-item"
              data-conversation={c.conversationID}
              onClick={() =>
                navigate(notices ? PATHS.groupNotices : chatRoomPath(c.conversationID))
              }
            >
              <Badge
                content={
                  c.unreadCount > 0 ? (c.unreadCount > 99 ? '99+' : String(c.unreadCount)) : null
                }
              >
                {notices ? (
                  <span className="conv-item__avatar conv-item__avatar--notices">
                    <TeamOutline />
                  </span>
                ) : (
                  <span className="conv-item__avatar">
                    {avatar ? <img src={avatar} alt="" /> : name.slice(0, 1)}
                  </span>
                )}
              </Badge>
              <span className="conv-item__body">
                <span className="conv-item__head">
                  <span className="conv-item__name">{name}</span>
                  <span className="conv-item__time">{listTime(last.lastTime * 1000)}</span>
                </span>
                <span className="conv-item__last">
                  {last.type === 'TIMTextElem' && !last.isRevoked ? (
                    <EmojiText text={text} />
                  ) : (
                    text
                  )}
                </span>
              </span>
            </button>
          </SwipeAction>
        );
      })}
    </section>
  );
}
