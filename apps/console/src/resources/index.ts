import {
  AuditOutlined,
  ContactsOutlined,
  ContainerOutlined,
  HistoryOutlined,
  MessageOutlined,
  NotificationOutlined,
  ReadOutlined,
  RollbackOutlined,
  UsergroupAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ConsoleResource } from './types.ts';

/**
 * Every console resource. A new one is one entry here: its routes, its menu item (in its section,
 * shown to users holding `<permission>.read`) and its data follow from it. Only resources whose
 * admin endpoints exist are listed: a menu entry leads to a working page or is not there.
 */
export const RESOURCES: readonly ConsoleResource[] = [
  {
    name: 'order',
    label: '订单',
    section: 'orders',
    icon: ContainerOutlined,
    permission: 'order',
    pages: {
      list: () => import('./order/OrderList.tsx'),
      show: () => import('./order/OrderShow.tsx'),
    },
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
  {
    name: 'notice',
    label: '公告',
    section: 'content',
    icon: NotificationOutlined,
    permission: 'content',
    pages: { list: () => import('./notice/NoticeList.tsx') },
  },
  {
    name: 'rule',
    label: '规则页',
    section: 'content',
    icon: ReadOutlined,
    permission: 'content',
    idField: 'code',
    pages: { list: () => import('./rule/RuleList.tsx') },
  },
  {
    name: 'feedback',
    label: '意见反馈',
    section: 'content',
    icon: MessageOutlined,
    permission: 'content',
    pages: { list: () => import('./feedback/FeedbackList.tsx') },
  },
  {
    name: 'report',
    label: '举报',
    section: 'content',
    icon: WarningOutlined,
    permission: 'content',
    pages: { list: () => import('./report/ReportList.tsx') },
  },
  {
    name: 'dictionary',
    label: '联系我们',
    section: 'content',
    icon: ContactsOutlined,
    permission: 'content',
    idField: 'code',
    pages: { list: () => import('./dictionary/DictionaryPage.tsx') },
  },
  {
    name: 'staff',
    label: '员工与角色',
    section: 'system',
    icon: UsergroupAddOutlined,
    permission: 'staff',
    pages: { list: () => import('./staff/StaffList.tsx') },
  },
  {
    name: 'audit',
    label: '操作日志',
    section: 'system',
    icon: HistoryOutlined,
    permission: 'audit',
    pages: { list: () => import('./audit/AuditList.tsx') },
  },
];
