// The 问诊 pages under rootPages/tim/<page> (medicine/index.ts loads them as one chunk).
export { default as PharmacistDeskPage } from './PharmacistDeskPage.tsx';
export { default as PrescriptionPage } from './PrescriptionPage.tsx';
export { default as StarPharmacistsPage } from './StarPharmacistsPage.tsx';
export { default as WriteVisitPage } from './WriteVisitPage.tsx';
