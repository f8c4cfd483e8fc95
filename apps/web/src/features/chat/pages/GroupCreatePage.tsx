import { Button, Checkbox, Input, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { chatRoomPath } from '../../../ui/paths.ts';
import { showToast } from '../../../ui/toast.ts';
import { act, useSdkData } from '../hooks/useSdkData.ts';
import { nickOf } from './ContactsPage.tsx';

const TYPES = [
  { label: '好友工作群', value: 'Private' },
  { label: '公开群', value: 'Public' },
  { label: '聊天室', value: 'ChatRoom' },
];

/** 发起群聊: a name, a type and friends to invite. */
export default function GroupCreatePage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [type, setType] = useState('Private');
  const [members, setMembers] = useState<string[]>([]);
  const [max, setMax] = useState('');
  const { data: friends } = useSdkData(
    async (tim) =>
      (await tim.getFriendList()).data as Array<{ userID: string; profile?: { nick?: string } }>,
    [],
  );
  const create = async () => {
    const n = name.trim();
    if (!n || n.length > 30) return showToast('群名称须为1-30个字符');
    const maxMemberNum = Number(max);
    if (max && !(Number.isInteger(maxMemberNum) && maxMemberNum >= 1 && maxMemberNum <= 100000)) {
      return showToast('人数上限须为1-100000的整数');
    }
    let groupID = '';
    const ok = await act(async (tim) => {
      const r = await tim.createGroup({
        type,
        name: n,
        ...(type === 'Public' ? { joinOption: 'FreeAccess' } : {}),
        ...(max ? { maxMemberNum } : {}),
        memberList: members.map((userID) => ({ userID })),
      });
      groupID = r.data.group.groupID;
    }, '群聊已创建');
    if (ok) navigate(chatRoomPath(`GROUP${groupID}`), { replace: true });
  };
  return (
    <div className="form-page">
      <div className="form-page__row">
        <Input
          placeholder="群名称"
          value={name}
          onChange={setName}
          maxLength={30}
          data-testid="group-name"
        />
      </div>
      <Selector options={TYPES} value={[type]} onChange={(v) => v[0] && setType(v[0])} />
      {type === 'ChatRoom' && (
        <div className="form-page__row">
          <Input
            placeholder="人数上限（选填）"
            type="number"
            value={max}
            onChange={setMax}
            data-testid="group-max"
          />
        </div>
      )}
      <List header="邀请好友">
        <Checkbox.Group value={members} onChange={(v) => setMembers(v as string[])}>
          {(friends ?? []).map((f) => (
            <List.Item
              key={f.userID}
              prefix={<Checkbox value={f.userID} data-testid="group-pick" />}
            >
              {nickOf(f)}
            </List.Item>
          ))}
        </Checkbox.Group>
        {friends?.length === 0 && <List.Item>暂无好友可邀请</List.Item>}
      </List>
      <Button block color="primary" onClick={create} data-testid="group-create">
        创建
      </Button>
    </div>
  );
}
