import { PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import './payPassword.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onFill?: (value: string) => void;
  autoFocus?: boolean;
  error?: boolean;
}

/** Six masked cells over the native numeric keyboard (so a hardware keyboard can type too). */
export function PayCodeInput({ value, onChange, onFill, autoFocus, error }: Props) {
  const ref = useRef<PasscodeInputRef>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <PasscodeInput
      ref={ref}
      className="pay-code"
      data-testid="pay-code"
      length={6}
      seperated
      error={error}
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      onFill={onFill}
    />
  );
}
