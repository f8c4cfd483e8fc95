import { MEDICINE_DEFAULTS } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** 在线复诊 (modules/medicine). */
export const medicineSchema = {
  /** 在线复诊: waiting requests one user may have, and the days a prescription stays valid. */
  MEDICINE_OPEN_MAX: Type.Integer({ minimum: 1, maximum: 100 }),
  MEDICINE_RX_VALID_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
};

/** The environment's text for each medicine setting, or its default. */
export function readMedicine(env: Env): Record<keyof typeof medicineSchema, unknown> {
  return {
    MEDICINE_OPEN_MAX: env.MEDICINE_OPEN_MAX ?? String(MEDICINE_DEFAULTS.OPEN_MAX),
    MEDICINE_RX_VALID_DAYS: env.MEDICINE_RX_VALID_DAYS ?? String(MEDICINE_DEFAULTS.RX_VALID_DAYS),
  };
}
