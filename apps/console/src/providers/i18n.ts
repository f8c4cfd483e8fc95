import type { I18nProvider } from '@refinedev/core';
import { RESOURCES } from '../resources/index.ts';

/** refine's own texts (buttons, notifications, titles) in Chinese; resource names by their label. */
const ZH: Record<string, string> = {
  'buttons.create': '新建',
  'buttons.save': '保存',
  'buttons.logout': '退出登录',
  'buttons.delete': '删除',
  'buttons.edit': '编辑',
  'buttons.cancel': '取消',
  'buttons.confirm': '确定要执行此操作吗？',
  'buttons.filter': '筛选',
  'buttons.clear': '清除',
  'buttons.refresh': '刷新',
  'buttons.show': '查看',
  'buttons.undo': '撤销',
  'buttons.import': '导入',
  'buttons.clone': '复制',
  'buttons.export': '导出',
  'buttons.list': '列表',
  'buttons.notAccessTitle': '没有权限',
  'actions.list': '列表',
  'actions.create': '新建',
  'actions.edit': '编辑',
  'actions.show': '详情',
  'actions.clone': '复制',
  'notifications.success': '操作成功',
  'notifications.error': '请求失败（{{statusCode}}）',
  'notifications.createSuccess': '已新建{{resource}}',
  'notifications.createError': '新建{{resource}}失败（{{statusCode}}）',
  'notifications.editSuccess': '已保存{{resource}}',
  'notifications.editError': '保存{{resource}}失败（{{statusCode}}）',
  'notifications.deleteSuccess': '已删除{{resource}}',
  'notifications.deleteError': '删除{{resource}}失败（{{statusCode}}）',
  'notifications.importProgress': '正在导入：{{processed}}/{{total}}',
  'notifications.undoable': '{{seconds}} 秒内可撤销',
  warnWhenUnsavedChanges: '有未保存的修改，确定要离开吗？',
  'pages.error.404': '页面不存在',
  'pages.error.info': '找不到页面',
  'pages.error.backHome': '返回首页',
  loading: '加载中',
  'documentTitle.default': '潮品直播 · 管理后台',
  'documentTitle.suffix': ' · 潮品直播管理后台',
};

for (const r of RESOURCES) ZH[`${r.name}.${r.name}`] = r.label;

function fill(text: string, options: unknown): string {
  if (typeof options !== 'object' || options === null) return text;
  const values = options as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, fallback?: string) => {
    const text = ZH[key] ?? (typeof options === 'string' ? options : fallback) ?? key;
    return fill(text, options);
  },
  changeLocale: async () => {},
  getLocale: () => 'zh-CN',
};
