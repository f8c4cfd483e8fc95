import { ExclamationCircleFill } from 'antd-mobile-icons';
import { DEBT_RULE, debtText } from '../labels.ts';

/** 待还: shown wherever withdrawable money is, since the debt is why it cannot be withdrawn. */
export function DebtBanner({ debt }: { debt: number }) {
  if (debt <= 0) return null;
  return (
    <div className="pr-debt" role="alert" data-testid="debt-banner">
      <ExclamationCircleFill className="pr-debt__icon" />
      <div>
        <strong>{debtText(debt)}</strong>
        <p>{DEBT_RULE}</p>
      </div>
    </div>
  );
}
