import type { Profile } from '@chaopin/im-sdk';
import { Badge, IndexBar, List } from 'antd-mobile';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useConversations } from '../../../core/chat/chat-boot.ts';
import { groupByInitial } from '../../../core/chat/pinyin.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { chatRoomPath } from '../../../ui/paths.ts';
import { useSdkData } from '../hooks/useSdkData.ts';
import '../../../ui/chat/chat.css';

type Friend = { userID: string; profile?: Profile };
export const nickOf = (f: { userID: string; profile?: { nick?: string } }) =>
  f.profile?.nick || f.userID;

/** 通讯录: entries (新的朋友, 添加好友, 黑名单, 群聊, 聊天室) and friends under an A–Z index. */
export default function ContactsPage() {
  const navigate = useNavigate();
  const { data: friends } = useSdkData(
    async (tim) => (await tim.getFriendList()).data as Friend[],
    [],
  );
  const { data: requests } = useSdkData(
    async (tim) =>
      ((await tim.getFriendApplicationList()).data as Array<{ type: string }>).filter(
        (r) => r.type === 'Pendency_Type_ComeIn',
      ),
    [],
  );
  const myGroups = useConversations((s) => s.groups);
  const groups = useMemo(() => groupByInitial(friends ?? [], nickOf), [friends]);
  return (
    <div className="contacts">
      <List>
        <List.Item
          onClick={() => navigate(PATHS.friendRequests)}
          data-testid="contacts-requests"
          extra={<Badge content={requests?.length || null} />}
        >
          新的朋友
        </List.Item>
        <List.Item onClick={() => navigate(PATHS.addFriend)}>添加好友</List.Item>
        <List.Item onClick={() => navigate(PATHS.blacklist)}>黑名单</List.Item>
        <List.Item onClick={() => navigate(PATHS.groupCreate)} data-testid="contacts-group-create">
          发起群聊
        </List.Item>
        <List.Item onClick={() => navigate(PATHS.chatRooms)}>聊天室</List.Item>
      </List>
      {myGroups.length > 0 && (
        <List header="我的群聊">
          {myGroups.map((g) => (
            <List.Item key={g.groupID} onClick={() => navigate(chatRoomPath(`GROUP${g.groupID}`))}>
              {g.name || g.groupID}
            </List.Item>
          ))}
        </List>
      )}
      {friends && friends.length === 0 && <div className="conv-list__empty">暂无好友</div>}
      <div className="contacts__index">
        <IndexBar>
          {groups.map((g) => (
            <IndexBar.Panel index={g.letter} title={g.letter} key={g.letter}>
              <List>
                {g.items.map((f) => (
                  <List.Item
                    key={f.userID}
                    onClick={() => navigate(chatRoomPath(`C2C${f.userID}`))}
                    data-testid="friend-item"
                  >
                    {nickOf(f)}
                  </List.Item>
                ))}
              </List>
            </IndexBar.Panel>
          ))}
        </IndexBar>
      </div>
    </div>
  );
}
