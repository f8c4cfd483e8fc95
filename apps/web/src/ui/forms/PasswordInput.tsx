import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import './auth.css';

export function PasswordInput({
  value,
  onChange,
  placeholder = '请输入密码',
  label = '密码',
  autoComplete = 'current-password',
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  autoComplete?: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <Input
        type={visible ? 'text' : 'password'}
        placeholder={placeholder}
        maxLength={20}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        aria-label={label}
      />
      <button
        type="button"
        className="password-field__eye"
        aria-label={visible ? '隐藏密码' : '显示密码'}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
