import type { UserInfo } from '@chaopin/contracts';
import { NICKNAME_MAX } from '@chaopin/contracts';
import { useMutation } from '@tanstack/react-query';
import { Dialog, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { checkNickname } from '../../../core/validate.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { userApi } from '../api.ts';

interface Props {
  visible: boolean;
  initial: string;
  onClose: () => void;
  onSaved: (user: UserInfo) => void;
}

export function NicknameDialog({ visible, initial, onClose, onSaved }: Props) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (visible) setValue(initial);
  }, [visible, initial]);

  const save = useMutation({
    mutationFn: (nickname: string) => userApi.updateProfile({ nickname }),
    onSuccess: (user) => {
      showSuccess('修改成功');
      onSaved(user);
    },
  });

  const submit = () => {
    const nickname = value.trim();
    const problem = checkNickname(nickname);
    if (problem) return showToast(problem);
    if (nickname === initial) return onClose();
    save.mutate(nickname);
  };

  return (
    <Dialog
      visible={visible}
      title="修改昵称"
      onClose={onClose}
      content={
        <Input
          className="nickname-input"
          value={value}
          onChange={setValue}
          maxLength={NICKNAME_MAX}
          placeholder={`请输入昵称（1-${NICKNAME_MAX}个字）`}
          clearable
          autoFocus
          aria-label="昵称"
          onEnterPress={submit}
        />
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'save', text: '保存', bold: true, disabled: save.isPending, onClick: submit },
        ],
      ]}
    />
  );
}
