import type { GroupProfile } from '@chaopin/im-sdk';
import { Button, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useConversations } from '../../../core/chat/chat-boot.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { chatRoomPath } from '../../../ui/paths.ts';
import { showToast } from '../../../ui/toast.ts';
import { act, useSdkData } from '../hooks/useSdkData.ts';

/** 聊天室: open rooms to join (a full room says so) and leave. */
export default function ChatRoomsPage() {
  const navigate = useNavigate();
  const { data: rooms, reload } = useSdkData(
    async (tim) => ((await tim.getChatRoomList()).data as { list: GroupProfile[] }).list,
    [],
  );
  const groups = useConversations((s) => s.groups);
  const mine = new Set(groups.map((g) => g.groupID));
  if (rooms && !rooms.length) return <EmptyState title="暂无聊天室" />;
  const join = async (g: GroupProfile) => {
    await act(async (tim) => {
      const r = await tim.joinGroup({ groupID: g.groupID, type: g.type });
      if (r.data.status === 'WaitAdminApproval') return showToast('已申请，等待管理员审核');
      showToast('已进群');
      navigate(chatRoomPath(`GROUP${g.groupID}`));
    });
    reload();
  };
  return (
    <List>
      {(rooms ?? []).map((g) => {
        const joined = mine.has(g.groupID);
        return (
          <List.Item
            key={g.groupID}
            description={`${g.memberNum}/${g.maxMemberNum}人`}
            onClick={joined ? () => navigate(chatRoomPath(`GROUP${g.groupID}`)) : undefined}
            extra={
              joined ? (
                <Button
                  size="mini"
                  onClick={(e) => {
                    e.stopPropagation();
                    void act((t) => t.leaveChatRoom(g.groupID), '已离开', reload);
                  }}
                >
                  离开
                </Button>
              ) : (
                <Button size="mini" color="primary" onClick={() => void join(g)}>
                  加入
                </Button>
              )
            }
          >
            {g.name}
          </List.Item>
        );
      })}
    </List>
  );
}
