import { Button, Dialog, List } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { act, useSdkData } from '../hooks/useSdkData.ts';

/** 聊天信息 of a C2C chat: who it is, friend and blacklist actions. */
export default function ChatUserPage() {
  const [params] = useSearchParams();
  const userID = params.get('userID') ?? '';
  const { data, reload } = useSdkData(
    async (tim) => {
      const [profile, friends, black] = await Promise.all([
        tim.getUserProfile({ userIDList: [userID] }),
        tim.getFriendList(),
        tim.getBlacklist(),
      ]);
      return {
        nick: profile.data[0]?.nick || userID,
        friend: (friends.data as Array<{ userID: string }>).some((f) => f.userID === userID),
        blocked: (black.data as Array<{ userID: string }>).some((b) => b.userID === userID),
      };
    },
    [userID],
  );
  const block = async () => {
    if (
      !(await Dialog.confirm({
        content: '加入黑名单后，你将不再收到对方的消息',
        confirmText: '确定',
        cancelText: '取消',
      }))
    )
      return;
    if (await act((t) => t.addToBlacklist({ userIDList: [userID] }), '已加入黑名单')) reload();
  };
  return (
    <div className="form-page">
      <List>
        <List.Item extra={userID}>{data?.nick ?? userID}</List.Item>
      </List>
      {data && !data.friend && (
        <Button
          block
          onClick={() => void act((t) => t.addFriend({ to: userID }), undefined, reload)}
        >
          添加好友
        </Button>
      )}
      {data?.friend && (
        <Button
          block
          onClick={() =>
            void act((t) => t.deleteFriend({ userIDList: [userID] }), '已删除好友', reload)
          }
        >
          删除好友
        </Button>
      )}
      {data &&
        (data.blocked ? (
          <Button
            block
            data-testid="chat-unblock"
            onClick={() =>
              void act(
                (t) => t.removeFromBlacklist({ userIDList: [userID] }),
                '已移出黑名单',
                reload,
              )
            }
          >
            移出黑名单
          </Button>
        ) : (
          <Button block color="danger" fill="outline" data-testid="chat-block" onClick={block}>
            加入黑名单
          </Button>
        ))}
    </div>
  );
}
