import { useMutation } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { checkPhone, checkSmsCode } from '../../../core/validate.ts';
import { PhoneInput } from '../../../ui/forms/PhoneInput.tsx';
import { SmsCodeField } from '../../../ui/forms/SmsCodeField.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { settingsApi } from '../api.ts';
import '../settings.css';

/** Step 2: the new phone and its code, with the ticket from step 1 (kept out of the URL). */
export default function BindNewPhonePage() {
  const navigate = useNavigate();
  const goBack = useGoBack();
  const location = useLocation();
  const ticket = (location.state as { ticket?: string } | null)?.ticket ?? '';
  const check = useSession((s) => s.check);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');

  useEffect(() => {
    if (ticket) return;
    showToast('请先验证原手机号');
    navigate(PATHS.modifyMobile, { replace: true });
  }, [ticket, navigate]);

  const change = useMutation({
    mutationFn: () => settingsApi.changeMobile({ ticket, phone, code }),
    onSuccess: async () => {
      await check();
      showSuccess('手机号已更换');
      goBack(PATHS.settingTwo, 2);
    },
  });

  const submit = () => {
    const problem = checkPhone(phone) ?? checkSmsCode(code);
    if (problem) return showToast(problem);
    change.mutate();
  };

  return (
    <div className="form-page">
      <p className="settings__lead">更换后，请使用新手机号登录</p>
      <List>
        <List.Item title="新手机号">
          <PhoneInput value={phone} onChange={setPhone} placeholder="请输入新手机号" />
        </List.Item>
        <List.Item title="验证码">
          <SmsCodeField
            value={code}
            onChange={setCode}
            validate={() => checkPhone(phone)}
            send={() => settingsApi.sendSms(phone, 'changeMobile')}
          />
        </List.Item>
      </List>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={change.isPending}
          onClick={submit}
        >
          确认更换
        </Button>
      </div>
    </div>
  );
}
