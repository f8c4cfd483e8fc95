import {
  AppstoreOutlined,
  AuditOutlined,
  LayoutOutlined,
  RollbackOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import type { ConsoleResource } from './types.ts';

/**
 * Every console resource. A new one is one entry here: its routes, its menu item (in its section,
 * shown to users holding `<permission>.read`) and its data follow from it. Only resources whose
 * admin endpoints exist are listed: a menu entry leads to a working page or is not there.
 */
export const RESOURCES: readonly ConsoleResource[] = [
  {
    name: 'product',
    label: '商品',
    section: 'goods',
    icon: ShopOutlined,
    permission: 'product',
    pages: {
      list: () => import('./product/ProductList.tsx'),
      create: () => import('./product/ProductCreate.tsx'),
      edit: () => import('./product/ProductEdit.tsx'),
    },
  },
  {
    name: 'category',
    label: '分类',
    section: 'goods',
    icon: AppstoreOutlined,
    permission: 'category',
    pages: { list: () => import('./category/CategoryTree.tsx') },
  },
  {
    name: 'decor',
    label: '首页装修',
    section: 'goods',
    icon: LayoutOutlined,
    permission: 'decor',
    pages: { list: () => import('./decor/DecorPage.tsx') },
  },
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
