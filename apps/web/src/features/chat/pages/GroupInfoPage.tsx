import type { GroupProfile } from '@chaopin/im-sdk';
import { Button, Dialog, Input, List, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../ui/pageConfig.ts';
import { act, useSdkData } from '../hooks/useSdkData.ts';
import '../../../ui/chat/chat.css';

type Member = { userID: string; nick: string; avatar: string; role: string; nameCard: string };
type Application = { groupID: string; applicant: string; note: string };

/** 群聊信息: name, notice, avatar, member grid, join requests, quit or dismiss. */
export default function GroupInfoPage() {
  const [params] = useSearchParams();
  const groupID = params.get('groupID') ?? '';
  const navigate = useNavigate();
  const { data, reload } = useSdkData(
    async (tim) => {
      const [g, m, apps] = await Promise.all([
        tim.getGroupProfile({ groupID }),
        tim.getGroupMemberList({ groupID, count: 100 }),
        tim.getGroupApplicationList().catch(() => ({ data: { applicationList: [] } })),
      ]);
      return {
        group: g.data.group as GroupProfile,
        members: (m.data as { memberList: Member[] }).memberList,
        applications: (
          (apps.data as { applicationList: Application[] }).applicationList ?? []
        ).filter((a) => a.groupID === groupID),
      };
    },
    [groupID],
  );
  const [edit, setEdit] = useState<null | 'name' | 'notification' | 'nameCard'>(null);
  const [value, setValue] = useState('');
  const role = data?.group.selfInfo.role ?? '';
  const manager = role === 'Owner' || role === 'Admin';

  const startEdit = (field: 'name' | 'notification' | 'nameCard', current: string) => {
    setEdit(field);
    setValue(current);
  };
  const save = async () => {
    if (!edit) return;
    const ok = await act(
      (t) =>
        edit === 'nameCard'
          ? t.setGroupMemberNameCard({ groupID, nameCard: value.trim() })
          : t.updateGroupProfile({ groupID, [edit]: value.trim() }),
      '已保存',
    );
    if (ok) {
      setEdit(null);
      reload();
    }
  };
  const leave = async () => {
    const owner = role === 'Owner';
    if (
      !(await Dialog.confirm({
        content: owner ? '确定解散该群吗？' : '确定退出该群吗？',
        confirmText: '确定',
        cancelText: '取消',
      }))
    )
      return;
    const ok = await act(
      (t) => (owner ? t.dismissGroup(groupID) : t.quitGroup(groupID)),
      owner ? '群已解散' : '已退出群聊',
    );
    if (ok) navigate(PATHS.messages, { replace: true });
  };

  if (!data) return null;
  const g = data.group;
  return (
    <div className="group-info">
      <div className="group-info__grid" data-testid="group-members">
        {data.members.slice(0, 15).map((m) => (
          <div key={m.userID} className="group-info__member">
            <span className="conv-item__avatar">
              {m.avatar ? <img src={m.avatar} alt="" /> : (m.nick || m.userID).slice(0, 1)}
            </span>
            <span className="group-info__nick">{m.nameCard || m.nick || m.userID}</span>
          </div>
        ))}
      </div>
      <List>
        <List.Item
          onClick={() => navigate(`${PATHS.groupMembers}?groupID=${encodeURIComponent(groupID)}`)}
          extra={`${g.memberNum}人`}
        >
          群成员
        </List.Item>
        <List.Item
          extra={g.name}
          onClick={manager ? () => startEdit('name', g.name) : undefined}
          data-testid="group-info-name"
        >
          群名称
        </List.Item>
        <List.Item
          description={g.notification || '暂无群公告'}
          onClick={manager ? () => startEdit('notification', g.notification) : undefined}
        >
          群公告
        </List.Item>
        {g.type !== 'AVChatRoom' && (
          <List.Item
            extra={g.selfInfo.nameCard || '未设置'}
            onClick={() => startEdit('nameCard', g.selfInfo.nameCard)}
            data-testid="group-info-name-card"
          >
            我在本群的昵称
          </List.Item>
        )}
        <List.Item extra={g.groupID}>群ID</List.Item>
      </List>
      {manager && data.applications.length > 0 && (
        <List header="入群申请">
          {data.applications.map((a) => (
            <List.Item
              key={a.applicant}
              description={a.note}
              extra={
                <span className="row-actions">
                  <Button
                    size="mini"
                    color="primary"
                    onClick={() =>
                      void act(
                        (t) =>
                          t.handleGroupApplication({
                            groupID,
                            applicant: a.applicant,
                            handleAction: 'Agree',
                          }),
                        '已同意',
                        reload,
                      )
                    }
                  >
                    同意
                  </Button>
                  <Button
                    size="mini"
                    onClick={() =>
                      void act(
                        (t) =>
                          t.handleGroupApplication({
                            groupID,
                            applicant: a.applicant,
                            handleAction: 'Reject',
                          }),
                        '已拒绝',
                        reload,
                      )
                    }
                  >
                    拒绝
                  </Button>
                </span>
              }
            >
              {a.applicant}
            </List.Item>
          ))}
        </List>
      )}
      {edit && (
        <div className="form-page">
          {edit === 'name' ? (
            <Input value={value} onChange={setValue} maxLength={30} placeholder="群名称" />
          ) : edit === 'nameCard' ? (
            <Input value={value} onChange={setValue} maxLength={50} placeholder="我在本群的昵称" />
          ) : (
            <TextArea
              value={value}
              onChange={setValue}
              maxLength={300}
              placeholder="群公告"
              rows={3}
            />
          )}
          <Button block color="primary" onClick={save}>
            保存
          </Button>
        </div>
      )}
      <div className="form-page">
        <Button block color="danger" fill="outline" onClick={leave} data-testid="group-leave">
          {role === 'Owner' ? '解散群聊' : '退出群聊'}
        </Button>
      </div>
    </div>
  );
}
