import type { PointsBillRow } from '@chaopin/contracts';
import { MovementRow } from '../../../ui/bills/MovementRow.tsx';
import { pointsTone, signedPoints } from '../labels.ts';

/** One movement of 积分明细: what, when, the signed points and the order it came from. */
export function PointsBillRowItem({ row }: { row: PointsBillRow }) {
  return (
    <MovementRow
      testId="points-row"
      amountTestId="points-amount"
      movement={{
        title: row.title,
        amount: signedPoints(row.amount),
        tone: pointsTone(row),
        createdAt: row.createdAt,
        orderNo: row.orderNo,
      }}
    />
  );
}
