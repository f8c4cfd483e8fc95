import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useSession } from '../../../core/session.ts';
import { checkPayPassword, checkSmsCode } from '../../../core/validate.ts';
import { SmsCodeField } from '../../../ui/forms/SmsCodeField.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { PayCodeInput } from '../../../ui/payPassword/PayCodeInput.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { accountApi, payPasswordKeys } from '../api.ts';

/** 忘记支付密码 (SetPayment): an SMS code to the account's phone, then new six digits twice. */
export default function ResetPayPasswordPage() {
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const reset = useMutation({
    mutationFn: () => accountApi.resetPayPassword({ code, password }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: payPasswordKeys.payPassword });
      showSuccess('支付密码已重置');
      goBack(PATHS.choosePayType);
    },
  });

  const submit = () => {
    const problem =
      checkSmsCode(code) ??
      checkPayPassword(password) ??
      (password === confirm ? null : '两次输入的支付密码不一致');
    if (problem) return showToast(problem);
    reset.mutate();
  };

  return (
    <div className="form-page">
      <p className="pay-reset__label">验证码将发送至 {user?.phone}</p>
      <List>
        <List.Item title="验证码">
          <SmsCodeField value={code} onChange={setCode} send={() => accountApi.sendSelfSms()} />
        </List.Item>
      </List>
      <p className="pay-reset__label">新支付密码（6位数字）</p>
      <div className="pay-reset__code">
        <PayCodeInput value={password} onChange={setPassword} />
      </div>
      <p className="pay-reset__label">再次输入新支付密码</p>
      <div className="pay-reset__code" data-testid="pay-confirm">
        <PayCodeInput value={confirm} onChange={setConfirm} />
      </div>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={reset.isPending}
          onClick={submit}
        >
          确认重置
        </Button>
      </div>
    </div>
  );
}
