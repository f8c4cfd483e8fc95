import { BILL_KIND_TEXT, type BillRow } from '@chaopin/contracts';
import { ACCOUNT_TEXT, amountTone, signedAmount } from './billLabels.ts';
import { MovementRow } from './MovementRow.tsx';

/** One movement of 明细: what, when, which account, the signed amount and its order. */
export function BillRowItem({ row }: { row: BillRow }) {
  return (
    <MovementRow
      testId="bill-row"
      amountTestId="bill-amount"
      movement={{
        title: row.title,
        amount: signedAmount(row.amount),
        tone: amountTone(row),
        createdAt: row.createdAt,
        tags: `${ACCOUNT_TEXT[row.account]} · ${BILL_KIND_TEXT[row.kind]}`,
        orderNo: row.orderNo,
      }}
    />
  );
}
