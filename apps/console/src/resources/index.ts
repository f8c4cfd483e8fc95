import { AuditOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ConsoleResource } from './types.ts';

/**
 * Every console resource. A new one is one entry here: its routes, its menu item (in its section,
 * shown to users holding `<permission>.read`) and its data follow from it. Only resources whose
 * admin endpoints exist are listed: a menu entry leads to a working page or is not there.
 */
export const RESOURCES: readonly ConsoleResource[] = [
  {
    name: 'refund',
    label: '售后',
    section: 'orders',
    icon: RollbackOutlined,
    permission: 'aftersale',
    idField: 'refundNo',
    pages: { list: () => import('./aftersale/AftersaleList.tsx') },
  },
  {
    name: 'invoice',
    label: '发票',
    section: 'orders',
    icon: AuditOutlined,
    permission: 'invoice',
    pages: { list: () => import('./invoice/InvoiceList.tsx') },
  },
];
