import type { LoginData, MobileLoginBody } from '@chaopin/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Input, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../core/session.ts';
import { checkPhone, checkSmsCode } from '../../../core/validate.ts';
import { PasswordInput } from '../../../ui/forms/PasswordInput.tsx';
import { PhoneInput } from '../../../ui/forms/PhoneInput.tsx';
import { SmsCodeField } from '../../../ui/forms/SmsCodeField.tsx';
import { APP_NAME, PATHS, safeRedirect } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import '../../../ui/forms/auth.css';
import { authApi } from '../api.ts';

type Mode = 'sms' | 'password';

const INVITE_CODE = /^[A-Za-z0-9]{4,16}$/;

/** The share link's code (#/pages/login/login?invite=CODE), cleaned of what a code cannot hold. */
function inviteFrom(params: URLSearchParams): string {
  return (params.get('invite') ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect')) ?? PATHS.my;
  const loginWithToken = useSession((s) => s.loginWithToken);
  const [mode, setMode] = useState<Mode>('sms');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [invite, setInvite] = useState(() => inviteFrom(params));

  // SPEC §8 已经登录: opening the login page while logged in just goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival, not after our own login
  useEffect(() => {
    if (useSession.getState().status === 'in') {
      showToast('已经登录');
      navigate(redirect, { replace: true });
    }
  }, []);

  const login = useMutation({
    mutationFn: (): Promise<LoginData> => {
      if (mode === 'password') return authApi.passwordLogin({ phone, password });
      // Only a registration binds the inviter; an empty field is not sent at all.
      const body: MobileLoginBody = invite ? { phone, code, inviteCode: invite } : { phone, code };
      return authApi.mobileLogin(body);
    },
    onSuccess: async (data) => {
      if (!(await loginWithToken(data.token))) return showToast('登录失败，请重试');
      showSuccess(data.isNew ? '注册成功' : '登录成功');
      navigate(redirect, { replace: true });
    },
  });

  const submit = () => {
    const problem =
      checkPhone(phone) ?? (mode === 'sms' ? checkSmsCode(code) : password ? null : '请输入密码');
    if (problem) return showToast(problem);
    if (mode === 'sms' && invite && !INVITE_CODE.test(invite))
      return showToast('请输入正确的邀请码');
    if (!agreed) return showToast('请先阅读并同意《用户协议》和《隐私政策》');
    login.mutate();
  };

  return (
    <div className="login">
      <div className="login__brand">
        <img className="login__logo" src="/icon.svg" alt="" />
        <h1 className="login__name">{APP_NAME}</h1>
        <p className="login__slogan">边看直播边购物，未注册手机号验证后自动注册</p>
      </div>
      <Tabs activeKey={mode} onChange={(key) => setMode(key as Mode)}>
        <Tabs.Tab title="验证码登录" key="sms" />
        <Tabs.Tab title="密码登录" key="password" />
      </Tabs>
      <div className="login__fields">
        <div className="login__field">
          <PhoneInput value={phone} onChange={setPhone} />
        </div>
        <div className="login__field">
          {mode === 'sms' ? (
            <SmsCodeField
              value={code}
              onChange={setCode}
              validate={() => checkPhone(phone)}
              send={() => authApi.sendSms(phone, 'login')}
            />
          ) : (
            <PasswordInput value={password} onChange={setPassword} />
          )}
        </div>
        {mode === 'sms' && (
          <div className="login__field">
            <Input
              placeholder="邀请码（选填）"
              maxLength={16}
              clearable
              value={invite}
              onChange={(v) => setInvite(v.replace(/[^A-Za-z0-9]/g, ''))}
              aria-label="邀请码（选填）"
              data-testid="login-invite"
            />
          </div>
        )}
      </div>
      <div className="login__links">
        <span>{mode === 'sms' ? '未注册的手机号将自动创建账号' : ''}</span>
        <button type="button" onClick={() => navigate(PATHS.resetPwd)}>
          忘记密码？
        </button>
      </div>
      <Button
        className="login__submit"
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={login.isPending}
        onClick={submit}
      >
        登录
      </Button>
      {/* The links sit outside the checkbox label so that reading them does not tick it. */}
      <div className="login__agreement">
        <Checkbox checked={agreed} onChange={setAgreed} aria-label="同意用户协议和隐私政策">
          我已阅读并同意
        </Checkbox>
        <a href={`#${PATHS.agreement}`}>《用户协议》</a>和
        <a href={`#${PATHS.privacy}`}>《隐私政策》</a>
      </div>
    </div>
  );
}
