import type { PayTypeData } from '@chaopin/contracts';
import { formatPrice } from '../../../core/format.ts';
import type { LivePayType } from '../lib/payChoice.ts';

/**
 * The cashier's pay methods inside the room's checkout: the balance (with 去充值 when it falls
 * short) and the online payment.
 */
export function PayMethods({
  types,
  balance,
  amount,
  value,
  disabled,
  onChange,
  onTopUp,
}: {
  types: PayTypeData['list'];
  balance: number;
  /** In fen. */
  amount: number;
  value: LivePayType;
  disabled: boolean;
  onChange: (type: LivePayType) => void;
  onTopUp: () => void;
}) {
  const short = balance < amount;
  return (
    <div className="pay-methods">
      {types.map((t) => (
        <div
          key={t.type}
          className={value === t.type ? 'pay-method-row is-active' : 'pay-method-row'}
          data-testid={`live-pay-${t.type}`}
        >
          <button
            type="button"
            className="pay-method"
            aria-pressed={value === t.type}
            disabled={disabled}
            onClick={() => onChange(t.type)}
          >
            <i className="pay-method__dot" />
            <span className="pay-method__name">
              {t.name}
              {t.type === 'balance' && (
                <em className={short ? 'is-short' : ''}>
                  可用 {formatPrice(balance)}
                  {short ? ' 余额不足' : ''}
                </em>
              )}
            </span>
          </button>
          {t.type === 'balance' && short && (
            <button
              type="button"
              className="pay-method__topup"
              data-testid="live-topup"
              disabled={disabled}
              onClick={onTopUp}
            >
              去充值
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
