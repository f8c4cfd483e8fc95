import { useMutation } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { checkPassword } from '../../../core/validate.ts';
import { PasswordInput } from '../../../ui/forms/PasswordInput.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { settingsApi } from '../api.ts';
import '../settings.css';

export default function ModifyPasswordPage() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const user = useSession((s) => s.user);
  const check = useSession((s) => s.check);
  const hasPassword = Boolean(user?.hasPassword);
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const save = useMutation({
    mutationFn: () =>
      settingsApi.modifyPassword(hasPassword ? { oldPassword, password } : { password }),
    onSuccess: async () => {
      await check();
      showSuccess(hasPassword ? '密码修改成功' : '密码设置成功');
      goBack(PATHS.settingTwo);
    },
  });

  const submit = () => {
    const problem =
      (hasPassword && !oldPassword ? '请输入原密码' : null) ??
      checkPassword(password) ??
      (password === confirm ? null : '两次输入的密码不一致');
    if (problem) return showToast(problem);
    save.mutate();
  };

  return (
    <div className="form-page">
      <List>
        {hasPassword && (
          <List.Item title="原密码">
            <PasswordInput
              value={oldPassword}
              onChange={setOldPassword}
              placeholder="请输入原密码"
              label="原密码"
            />
          </List.Item>
        )}
        <List.Item title="新密码">
          <PasswordInput
            value={password}
            onChange={setPassword}
            placeholder="8-20位，需包含字母和数字"
            label="新密码"
            autoComplete="new-password"
          />
        </List.Item>
        <List.Item title="确认密码">
          <PasswordInput
            value={confirm}
            onChange={setConfirm}
            placeholder="请再次输入新密码"
            label="确认密码"
            autoComplete="new-password"
          />
        </List.Item>
      </List>
      <p className="form-hint">
        密码须为8-20位，且同时包含字母和数字。
        {hasPassword && (
          <button type="button" className="link-button" onClick={() => navigate(PATHS.resetPwd)}>
            忘记原密码？
          </button>
        )}
      </p>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending}
          onClick={submit}
        >
          {hasPassword ? '确认修改' : '设置密码'}
        </Button>
      </div>
    </div>
  );
}
