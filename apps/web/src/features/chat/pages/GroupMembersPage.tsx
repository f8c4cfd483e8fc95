import type { GroupProfile } from '@chaopin/im-sdk';
import { Dialog, List, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useActionSheet } from '../hooks/useActionSheet.ts';
import { act, useSdkData } from '../hooks/useSdkData.ts';

type Member = { userID: string; nick: string; role: string; muteUntil: number; nameCard: string };

const ROLE_TEXT: Record<string, string> = { Owner: '群主', Admin: '管理员', Member: '' };
const MUTES = [
  { key: '600', text: '禁言10分钟' },
  { key: '3600', text: '禁言1小时' },
  { key: '86400', text: '禁言1天' },
  { key: '0', text: '解除禁言' },
];

/** 群成员: actions by role — the owner sets admins and transfers; owner and admins mute and remove. */
export default function GroupMembersPage() {
  const [params] = useSearchParams();
  const groupID = params.get('groupID') ?? '';
  const { data, reload } = useSdkData(
    async (tim) => {
      const [g, m] = await Promise.all([
        tim.getGroupProfile({ groupID }),
        tim.getGroupMemberList({ groupID, count: 100 }),
      ]);
      return {
        group: g.data.group as GroupProfile,
        members: (m.data as { memberList: Member[] }).memberList,
      };
    },
    [groupID],
  );
  const myRole = data?.group.selfInfo.role ?? '';
  const showSheet = useActionSheet();

  const open = (m: Member) => {
    if (
      m.role === 'Owner' ||
      (myRole !== 'Owner' && myRole !== 'Admin') ||
      (myRole === 'Admin' && m.role === 'Admin')
    )
      return;
    const actions = [];
    // SPEC: work groups and live rooms have no admins.
    const type = data?.group.type ?? '';
    if (myRole === 'Owner' && !['Private', 'Work', 'AVChatRoom'].includes(type)) {
      actions.push(
        m.role === 'Admin'
          ? { key: 'unadmin', text: '取消管理员' }
          : { key: 'admin', text: '设为管理员' },
      );
    }
    if (myRole === 'Owner' && type !== 'AVChatRoom')
      actions.push({ key: 'owner', text: '转让群主' });
    actions.push({ key: 'mute', text: '禁言' }, { key: 'remove', text: '移出群聊', danger: true });
    const handler = showSheet({
      actions,
      cancelText: '取消',
      onAction: async (a) => {
        handler.close();
        let ok = false;
        if (a.key === 'admin' || a.key === 'unadmin') {
          ok = await act(
            (t) =>
              t.setGroupMemberRole({
                groupID,
                userID: m.userID,
                role: a.key === 'admin' ? 'Admin' : 'Member',
              }),
            '已设置',
          );
        } else if (a.key === 'owner') {
          if (
            await Dialog.confirm({
              content: `确定把群主转让给 ${m.nick || m.userID} 吗？`,
              confirmText: '确定',
              cancelText: '取消',
            })
          ) {
            ok = await act((t) => t.changeGroupOwner({ groupID, newOwnerID: m.userID }), '已转让');
          }
        } else if (a.key === 'remove') {
          ok = await act((t) => t.deleteGroupMember({ groupID, userIDList: [m.userID] }), '已移出');
        } else if (a.key === 'mute') {
          showSheet({
            actions: MUTES,
            cancelText: '取消',
            closeOnAction: true,
            onAction: async (d) => {
              if (
                await act(
                  (t) =>
                    t.setGroupMemberMuteTime({
                      groupID,
                      userID: m.userID,
                      muteTime: Number(d.key),
                    }),
                  '已设置',
                )
              )
                reload();
            },
          });
        }
        if (ok) reload();
      },
    });
  };

  return (
    <List>
      {(data?.members ?? []).map((m) => (
        <List.Item
          key={m.userID}
          onClick={() => open(m)}
          data-testid="group-member"
          description={m.nameCard && m.nick ? m.nick : undefined}
          extra={
            <span className="row-actions">
              {ROLE_TEXT[m.role] && <Tag color="primary">{ROLE_TEXT[m.role]}</Tag>}
              {m.muteUntil * 1000 > Date.now() && <Tag color="warning">禁言中</Tag>}
            </span>
          }
        >
          {m.nameCard || m.nick || m.userID}
        </List.Item>
      ))}
    </List>
  );
}
