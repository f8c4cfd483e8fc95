import { GROUP_NOTICE } from '@chaopin/contracts';
import type TIM from '@chaopin/im-sdk';
import type { Message } from '@chaopin/im-sdk';
import { Button, List } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { chat } from '../../../core/chat/chat-boot.ts';
import {
  chatTime,
  groupNoticeText,
  noticeGroup,
  SYSTEM_CONVERSATION_ID,
} from '../../../core/chat/message-view.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { chatRoomPath } from '../../../ui/paths.ts';
import { showToast } from '../../../ui/toast.ts';
import { useSdkData } from '../hooks/useSdkData.ts';
import '../../../ui/chat/chat.css';

interface Page {
  /** Newest first. */
  list: Message[];
  next: string;
  done: boolean;
}

/** One page of notices (older than `next`), with the operators' nicknames looked up. */
async function loadPage(tim: TIM, next?: string) {
  const r = await tim.getMessageList({
    conversationID: SYSTEM_CONVERSATION_ID,
    ...(next ? { nextReqMessageID: next } : {}),
  });
  const list = [...r.data.messageList].reverse();
  const ids = [...new Set(list.map((m) => String(m.payload.operatorID ?? '')).filter(Boolean))];
  const profiles = ids.length ? (await tim.getUserProfile({ userIDList: ids })).data : [];
  const names = Object.fromEntries(profiles.map((p) => [p.userID, p.nick || p.userID]));
  return { list, next: r.data.nextReqMessageID, done: r.data.isCompleted, names };
}

/** What a notice leads to: the join requests of the group, or the group's chat. */
function actionOf(m: Message): { text: string; path: string } | null {
  const { groupID } = noticeGroup(m.payload);
  if (!groupID) return null;
  switch (Number(m.payload.operationType)) {
    case GROUP_NOTICE.JOIN_REQUEST:
      return { text: '去处理', path: `${PATHS.groupInfo}?groupID=${encodeURIComponent(groupID)}` };
    case GROUP_NOTICE.JOIN_ACCEPTED:
    case GROUP_NOTICE.INVITED:
    case GROUP_NOTICE.SET_ADMIN:
    case GROUP_NOTICE.CANCEL_ADMIN:
      return { text: '进入群聊', path: chatRoomPath(`GROUP${groupID}`) };
    default:
      return null;
  }
}

/**
 * 群通知: the group system notices (invitations, join requests and their answers, removals,
 * dismissals, admin changes) as sentences, newest first. Opening the page reads them, so the
 * unread counts of the message centre drop; a new notice reloads it.
 */
export default function GroupNoticesPage() {
  const navigate = useNavigate();
  const [older, setOlder] = useState<Page | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const { data } = useSdkData(async (tim) => {
    const page = await loadPage(tim);
    setNames((n) => ({ ...n, ...page.names }));
    await tim.setMessageRead({ conversationID: SYSTEM_CONVERSATION_ID }).catch(() => undefined);
    return page;
  }, []);
  const last = older ?? data;
  const loadOlder = async () => {
    if (!last || last.done) return;
    try {
      const page = await loadPage(await chat(), last.next);
      setNames((n) => ({ ...n, ...page.names }));
      setOlder({ ...page, list: [...(older?.list ?? []), ...page.list] });
    } catch (err) {
      showToast((err as Error).message);
    }
  };

  if (data && !data.list.length) return <EmptyState icon={<TeamOutline />} title="暂无群通知" />;
  // A notice that came meanwhile shifts the first page: one shown in both counts once.
  const seen = new Set<string>();
  const list = [...(data?.list ?? []), ...(older?.list ?? [])].filter(
    (m) => !seen.has(m.ID) && seen.add(m.ID),
  );
  return (
    <div className="group-notices">
      <List>
        {list.map((m) => {
          const action = actionOf(m);
          return (
            <List.Item
              key={m.ID}
              data-testid="group-notice"
              prefix={
                <span className="conv-item__avatar conv-item__avatar--notices">
                  <TeamOutline />
                </span>
              }
              description={chatTime(m.timeMs)}
              extra={
                action ? (
                  <Button
                    size="mini"
                    color="primary"
                    fill="outline"
                    onClick={() => navigate(action.path)}
                  >
                    {action.text}
                  </Button>
                ) : null
              }
            >
              {groupNoticeText(m.payload, (id) => names[id] ?? '')}
            </List.Item>
          );
        })}
      </List>
      {last && !last.done && (
        <Button block fill="none" onClick={() => void loadOlder()}>
          查看更早的通知
        </Button>
      )}
    </div>
  );
}
