import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../core/format.ts';
import { PATHS } from '../pageConfig.ts';
import { KeypadCode } from './KeypadCode.tsx';
import { PayCodeInput } from './PayCodeInput.tsx';
import '../order/order.css';

interface Props {
  visible: boolean;
  title?: string;
  /** In fen. */
  amount: number;
  onClose: () => void;
  /** Resolves when the payment went through; a rejection clears the cells for another try. */
  onSubmit: (password: string) => Promise<unknown>;
  /**
   * Over the live room: the sheet's own keypad instead of the phone's keyboard, which would pan
   * or resize the room behind it.
   */
  keypad?: boolean;
}

/** The cashier's 请输入支付密码 sheet (six cells), over the live room (or a page) instead of a page. */
export function PayPasswordSheet({
  visible,
  title = '请输入支付密码',
  amount,
  onClose,
  onSubmit,
  keypad = false,
}: Props) {
  const [code, setCode] = useState('');
  const [failed, setFailed] = useState(false);
  const paying = useRef(false);
  const navigate = useNavigate();

  const submit = (value: string) => {
    if (paying.current || !visible) return;
    paying.current = true;
    setFailed(false);
    onSubmit(value)
      .catch(() => setFailed(true))
      .finally(() => {
        paying.current = false;
        setCode('');
      });
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyClassName="pay-password-popup"
      destroyOnClose
      style={{ zIndex: 1100 }}
    >
      <div className="pay-password" data-testid="live-pay-password">
        <button type="button" className="pay-password__close" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
        <h3>{title}</h3>
        <div className="pay-password__amount">{formatPrice(amount)}</div>
        {keypad ? (
          <KeypadCode
            value={code}
            onChange={setCode}
            error={failed && code === ''}
            onFill={submit}
          />
        ) : (
          <PayCodeInput
            value={code}
            onChange={setCode}
            autoFocus
            error={failed && code === ''}
            onFill={submit}
          />
        )}
        <button
          type="button"
          className="pay-password__forgot"
          onClick={() => navigate(PATHS.resetPayPassword)}
        >
          忘记支付密码？
        </button>
      </div>
    </Popup>
  );
}
