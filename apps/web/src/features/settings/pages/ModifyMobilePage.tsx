import { useMutation } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { checkSmsCode } from '../../../core/validate.ts';
import { SmsCodeField } from '../../../ui/forms/SmsCodeField.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { settingsApi } from '../api.ts';
import '../settings.css';

/** Step 1 of changing the phone: prove the current one, which yields a ticket for step 2. */
export default function ModifyMobilePage() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [code, setCode] = useState('');

  const verify = useMutation({
    mutationFn: () => settingsApi.verifyMobile(code),
    onSuccess: ({ ticket }) => navigate(PATHS.bindNewPhone, { state: { ticket } }),
  });

  const next = () => {
    const problem = checkSmsCode(code);
    if (problem) return showToast(problem);
    verify.mutate();
  };

  return (
    <div className="form-page">
      <p className="settings__lead">
        为了你的账号安全，请先验证当前手机号 <strong>{user?.phone}</strong>
      </p>
      <List>
        <List.Item title="验证码">
          <SmsCodeField
            value={code}
            onChange={setCode}
            send={() => settingsApi.sendSelfSms('verifyMobile')}
          />
        </List.Item>
      </List>
      <div className="form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={verify.isPending}
          onClick={next}
        >
          下一步
        </Button>
      </div>
    </div>
  );
}
