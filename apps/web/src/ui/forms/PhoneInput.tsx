import { Input } from 'antd-mobile';

export function PhoneInput({
  value,
  onChange,
  placeholder = '请输入手机号',
}: {
  value: string;
  onChange: (phone: string) => void;
  placeholder?: string;
}) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      placeholder={placeholder}
      maxLength={11}
      clearable
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, ''))}
      aria-label="手机号"
    />
  );
}
