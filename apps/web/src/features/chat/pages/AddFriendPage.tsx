import { PHONE_REGEX } from '@chaopin/contracts';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../ui/toast.ts';
import { imApi } from '../api.ts';
import { act } from '../hooks/useSdkData.ts';

/** 添加好友 by IM id (the app user id) or phone number; joining a group by its ID. */
export default function AddFriendPage() {
  const [to, setTo] = useState('');
  const [wording, setWording] = useState('');
  const [groupID, setGroupID] = useState('');
  const join = async () => {
    const id = groupID.trim();
    if (!id) return showToast('请输入群ID');
    await act(async (tim) => {
      const group = (await tim.searchGroupByID(id)).data.group as { type?: string };
      const r = await tim.joinGroup({ groupID: id, type: group.type });
      // SPEC §4: joining a public group says 已进群.
      showToast(r.data.status === 'WaitAdminApproval' ? '已申请，等待管理员审核' : '已进群');
    });
  };
  const add = async () => {
    const typed = to.trim();
    if (!typed) return showToast('请输入用户ID或手机号');
    await act(async (tim) => {
      // A phone number is looked up first (a wrong one gets the server's 该手机号尚未注册).
      const id = PHONE_REGEX.test(typed) ? (await imApi.userByPhone(typed)).userID : typed;
      const r = (await tim.addFriend({ to: id, wording })).data as { result?: string };
      showToast(r.result === 'added' ? '添加成功' : '好友申请已发送');
    });
  };
  return (
    <div className="form-page">
      <div className="form-page__row">
        <Input
          placeholder="用户ID或手机号"
          value={to}
          onChange={setTo}
          clearable
          data-testid="add-friend-id"
        />
      </div>
      <div className="form-page__row">
        <Input
          placeholder="验证消息（选填）"
          value={wording}
          onChange={setWording}
          maxLength={100}
        />
      </div>
      <Button block color="primary" onClick={add} data-testid="add-friend-submit">
        添加
      </Button>
      <div className="form-page__row">
        <Input placeholder="群ID" value={groupID} onChange={setGroupID} clearable />
      </div>
      <Button block onClick={join}>
        加入群聊
      </Button>
    </div>
  );
}
