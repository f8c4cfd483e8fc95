import type { ErrorTable } from './table.ts';

/** Errors of points (积分). */
export const POINTS_ERRORS = {
  POINTS_NOT_ENOUGH: { status: 409, msg: '积分不足' },
} as const satisfies ErrorTable;
