import { chinaDay } from '../../platform/china-time.ts';

/** What people type: trimmed, and an all-blank text counts as none. */
export const clean = (s: string | undefined) => (s ?? '').trim();
export const chars = (s: string) => [...s].length;

/** A document number: prefix, the China-time day, then the row id (unique with it). */
export const docNo = (prefix: string, id: number, at: Date) =>
  `${prefix}${chinaDay(at).replace(/-/g, '')}${String(id).padStart(8, '0')}`;
