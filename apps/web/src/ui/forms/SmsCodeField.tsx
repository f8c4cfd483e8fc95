import type { SmsSendData } from '@chaopin/contracts';
import { SMS_RESEND_SECONDS } from '@chaopin/contracts';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { isApiError } from '../../core/api/client.ts';
import { useCountdown } from '../hooks/useCountdown.ts';
import { showSuccess, showToast } from '../toast.ts';
import './auth.css';

interface Props {
  value: string;
  onChange: (code: string) => void;
  /** Sends the code; answers the server's data (resend wait, demo code outside production). */
  send: () => Promise<SmsSendData>;
  /** Checked before sending, e.g. the phone number; a message stops the send. */
  validate?: () => string | null;
}

/** 6-digit code input with a 获取验证码 button and its 60 s countdown. */
export function SmsCodeField({ value, onChange, send, validate }: Props) {
  const { seconds, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const [demoCode, setDemoCode] = useState<string | null>(null);

  const onSend = async () => {
    if (seconds > 0 || sending) return;
    const problem = validate?.();
    if (problem) return showToast(problem);
    setSending(true);
    try {
      const data = await send();
      start(data.resendIn || SMS_RESEND_SECONDS);
      setSentOnce(true);
      setDemoCode(data.code ?? null);
      showSuccess('验证码已发送');
    } catch (error) {
      if (isApiError(error)) showToast(error.msg);
    } finally {
      setSending(false);
    }
  };

  const label = seconds > 0 ? `${seconds}s后重试` : sentOnce ? '重新获取' : '获取验证码';

  return (
    <div className="sms-field">
      <div className="sms-field__row">
        <Input
          className="sms-field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="请输入验证码"
          maxLength={6}
          value={value}
          onChange={(v) => onChange(v.replace(/\D/g, ''))}
          aria-label="验证码"
        />
        <button
          type="button"
          className="sms-field__send"
          disabled={seconds > 0 || sending}
          onClick={onSend}
        >
          {sending ? '发送中' : label}
        </button>
      </div>
      {demoCode && (
        <p className="sms-field__demo" data-testid="demo-code">
          演示验证码：{demoCode}
        </p>
      )}
    </div>
  );
}
