import {
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { SectionKey } from './types.ts';

export interface Section {
  key: SectionKey;
  label: string;
  icon: ComponentType;
  /** A section of one page shows that page as a top-level item (用户, 客服), not a sub-menu. */
  flat?: boolean;
}

/**
 * The sider, top to bottom: 概览(仪表盘), 商品(商品, 分类, 首页装修), 订单(订单, 售后, 发票), 用户,
 * 内容(公告, 规则页, 反馈与举报), 客服, 系统(员工与角色, 操作日志). A section shows once one of its
 * resources is registered and the signed-in user may read it.
 */
export const SECTIONS: readonly Section[] = [
  { key: 'overview', label: '概览', icon: DashboardOutlined, flat: true },
  { key: 'goods', label: '商品', icon: ShoppingOutlined },
  { key: 'orders', label: '订单', icon: ProfileOutlined },
  { key: 'users', label: '用户', icon: TeamOutlined, flat: true },
  { key: 'content', label: '内容', icon: FileTextOutlined },
  { key: 'service', label: '客服', icon: CustomerServiceOutlined, flat: true },
  { key: 'system', label: '系统', icon: SettingOutlined },
];

/** A section's refine resource name (a menu group, never a page). */
export const sectionResource = (key: SectionKey) => `section:${key}`;
