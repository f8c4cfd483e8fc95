/**
 * The console's permission catalogue: `<resource>.<action>`. A role holds a list of these;
 * the platform operator holds `*`. Store-scoped roles (商家, 店员, 客服) only ever see their
 * own stores' rows, whatever they hold.
 */
export const PERMISSIONS = {
  'dashboard.read': '查看经营概览',
  'product.read': '查看商品',
  'product.write': '编辑商品、上下架、改库存',
  'category.write': '管理商品分类',
  'decor.write': '首页装修（轮播、菜单、活动按钮、弹窗）',
  'order.read': '查看订单',
  'order.write': '发货、改地址、备注',
  'order.export': '导出订单',
  'aftersale.read': '查看售后',
  'aftersale.write': '处理售后',
  'invoice.read': '查看发票',
  'invoice.write': '开具发票',
  'user.read': '查看用户',
  'user.write': '封禁、解锁、标记用户',
  'user.pii': '查看完整手机号与证件号',
  'content.write': '公告、规则页、反馈与举报',
  'chat.read': '查看客服会话',
  'chat.write': '接待买家（客服工作台）',
  'staff.read': '查看员工',
  'staff.write': '添加、调整、移除员工',
  'audit.read': '查看操作日志',
  /** Platform only: never a store role's (not in STORE_PERMISSIONS). */
  'operator.write': '任免平台运营',
  'marketing.write': '营销活动',
  'live.write': '直播管理',
  'finance.write': '财务与提现',
  'medicine.write': '药师工作台',
  'settings.write': '运行参数',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL = '*';
/** A route's permission that every console role passes (who-am-I). */
export const ANY_STAFF_PERMISSION = 'staff:any';

export const STAFF_ROLES = {
  operator: '平台运营',
  owner: '商家',
  staff: '店员',
  agent: '客服',
} as const;
export type StaffRole = keyof typeof STAFF_ROLES;

/** What a store's owner may hold and grant: everything about their own store. */
export const STORE_PERMISSIONS: readonly Permission[] = [
  'dashboard.read',
  'product.read',
  'product.write',
  'order.read',
  'order.write',
  'order.export',
  'aftersale.read',
  'aftersale.write',
  'invoice.read',
  'invoice.write',
  'chat.read',
  'chat.write',
  'staff.read',
  'staff.write',
  'audit.read',
];

/** The permissions a role starts with; a 店员's are chosen by the owner (these are the default). */
export const ROLE_DEFAULTS: Record<StaffRole, readonly string[]> = {
  operator: [ALL],
  owner: STORE_PERMISSIONS,
  staff: ['dashboard.read', 'product.read', 'order.read', 'order.write', 'aftersale.read'],
  agent: ['chat.read', 'chat.write', 'order.read'],
};

/** Whether a holder of `held` may do `wanted`; who may change a thing may also look at it. */
export function holds(held: readonly string[] | ReadonlySet<string>, wanted: string): boolean {
  const has = (p: string) =>
    Array.isArray(held) ? held.includes(p) : (held as ReadonlySet<string>).has(p);
  if (has(ALL) || has(wanted)) return true;
  return wanted.endsWith('.read') && has(`${wanted.slice(0, -'.read'.length)}.write`);
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}
