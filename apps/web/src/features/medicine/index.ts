/** rootPages/tim/<page>'s 问诊 pages, for app/TimPages.tsx: the four in one chunk. */
export const loadMedicineTimPages = () => import('./pages/timPages.ts');
