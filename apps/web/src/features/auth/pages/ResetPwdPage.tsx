import { useMutation } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { checkPassword, checkPhone, checkSmsCode } from '../../../core/validate.ts';
import { PasswordInput } from '../../../ui/forms/PasswordInput.tsx';
import { PhoneInput } from '../../../ui/forms/PhoneInput.tsx';
import { SmsCodeField } from '../../../ui/forms/SmsCodeField.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { authApi } from '../api.ts';

/** 忘记密码: a new login password by SMS code. */
export default function ResetPwdPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const reset = useMutation({
    mutationFn: () => authApi.resetPwd({ phone, code, password }),
    onSuccess: () => {
      showSuccess('密码已重置，请登录');
      navigate(PATHS.login, { replace: true });
    },
  });

  const submit = () => {
    const problem =
      checkPhone(phone) ??
      checkSmsCode(code) ??
      checkPassword(password) ??
      (password === confirm ? null : '两次输入的密码不一致');
    if (problem) return showToast(problem);
    reset.mutate();
  };

  return (
    <div className="form-page">
      <List>
        <List.Item title="手机号">
          <PhoneInput value={phone} onChange={setPhone} />
        </List.Item>
        <List.Item title="验证码">
          <SmsCodeField
            value={code}
            onChange={setCode}
            validate={() => checkPhone(phone)}
            send={() => authApi.sendSms(phone, 'resetPwd')}
          />
        </List.Item>
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
      <p className="form-hint">密码须为8-20位，且同时包含字母和数字。</p>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={reset.isPending}
          onClick={submit}
        >
          重置密码
        </Button>
      </div>
    </div>
  );
}
