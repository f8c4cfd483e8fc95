import { PERMISSIONS, STAFF_ROLES } from '@chaopin/contracts';

/** One changed field of an audit row: what it was and what it became, as text. */
export interface DiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Field names (dotted paths' last part) as the console names them; others show as they are. */
const FIELD_LABELS: Record<string, string> = {
  title: '标题',
  content: '内容',
  link: '链接',
  userId: '用户ID',
  publishAt: '发布时间',
  state: '状态',
  status: '状态',
  reply: '回复',
  result: '处理说明',
  paragraphs: '段落',
  items: '条目',
  role: '角色',
  storeId: '店铺ID',
  permissions: '权限',
  reason: '原因',
  amount: '金额',
  price: '价格',
  stock: '库存',
  name: '名称',
  remark: '备注',
  carrier: '快递公司',
  trackingNo: '快递单号',
  phone: '电话',
  address: '地址',
  rejectReason: '驳回原因',
  invoiceNo: '发票号码',
};

export const RESOURCE_LABELS: Record<string, string> = {
  notice: '公告',
  feedback: '意见反馈',
  report: '举报',
  rule: '规则页',
  dictionary: '字典',
  staff: '员工',
  refund: '售后',
  invoice: '发票',
  order: '订单',
  product: '商品',
  sku: '规格',
  category: '分类',
  user: '用户',
  operator: '平台运营',
  banner: '轮播图',
  menu: '金刚区菜单',
  activity: '活动按钮',
  popup: '首页弹窗',
};

export const ACTION_LABELS: Record<string, string> = {
  create: '新建',
  update: '修改',
  delete: '删除',
  publish: '发布',
  schedule: '定时发布',
  withdraw: '撤回',
  handle: '处理',
  approve: '同意',
  reject: '驳回',
  receive: '确认收货',
  ship: '发货',
  issue: '开具',
  address: '修改地址',
  remark: '备注',
  export: '导出',
  'shelf.on': '上架',
  'shelf.off': '下架',
  stock: '改库存',
  sort: '排序',
};

/** A value as one line of text: — for nothing, lists joined, objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '（空）' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return '（无）';
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join('、');
    return JSON.stringify(value);
  }
  return JSON.stringify(value);
}

export function fieldLabel(field: string): string {
  const parts = field.split('.');
  const last = parts[parts.length - 1] ?? field;
  const label = FIELD_LABELS[last];
  return label ? (parts.length > 1 ? `${parts.slice(0, -1).join('.')}.${label}` : label) : field;
}

const named = (names: Record<string, string>, value: unknown): unknown =>
  typeof value === 'string' ? (names[value] ?? value) : value;

/** Codes shown by their Chinese names: a staff role (店员), permissions (查看订单). */
function readable(field: string, value: unknown): unknown {
  const last = field.split('.').pop();
  if (last === 'role') return named(STAFF_ROLES, value);
  if (last === 'permissions' && Array.isArray(value))
    return value.map((p) => named(PERMISSIONS, p));
  return value;
}

/** The row's diff (`field → [before, after]`) as before → after rows, in field order. */
export function diffRows(diff: Record<string, readonly unknown[]>): DiffRow[] {
  return Object.keys(diff)
    .sort()
    .map((field) => {
      const pair = diff[field] ?? [];
      return {
        field,
        label: fieldLabel(field),
        before: valueText(readable(field, pair[0])),
        after: valueText(readable(field, pair[1])),
      };
    });
}
