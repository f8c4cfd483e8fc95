/** The pages' loaders, one chunk each: app/lazyPages.ts spreads them into pageLoaders. */
export const invoicePages = {
  invoices: () => import('./pages/InvoiceListPage.tsx'),
  invoiceDetail: () => import('./pages/InvoiceDetailPage.tsx'),
  applyInvoice: () => import('./pages/ApplyInvoicePage.tsx'),
  invoiceTitles: () => import('./pages/InvoiceTitleListPage.tsx'),
  invoiceTitle: () => import('./pages/InvoiceTitlePage.tsx'),
} as const;
