/** rootPages/tim/<page>'s 问诊 pages, for app/TimPages.tsx: one chunk, as the four were before. */
export const loadMedicineTimPages = () => import('./pages/timPages.ts');
