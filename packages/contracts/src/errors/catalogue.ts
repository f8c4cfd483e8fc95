import type { ErrorTable } from './table.ts';

/** Errors of the console's catalogue: products, categories and the home page's decor. */
export const CATALOGUE_ERRORS = {
  PRODUCT_STORE_FIXED: { status: 403, msg: '商品不能转移到其他店铺' },
  PRODUCT_QUERY_INVALID: { status: 400, msg: '筛选或排序条件不正确' },
  CATEGORY_NAME_INVALID: { status: 400, msg: '分类名称须为1-10个字' },
  CATEGORY_ICON_INVALID: { status: 400, msg: '请上传分类图标' },
  CATEGORY_PARENT_INVALID: { status: 400, msg: '上级分类须为一级分类' },
  CATEGORY_NAME_TAKEN: { status: 409, msg: '同级已有同名分类' },
  CATEGORY_HAS_PRODUCTS: { status: 409, msg: '该分类下还有商品，不能删除' },
  CATEGORY_HAS_CHILDREN: { status: 409, msg: '该分类下还有子分类，请先删除子分类' },
  CATEGORY_SORT_INVALID: { status: 400, msg: '排序须列出该级的全部分类' },
  DECOR_INVALID: { status: 400, msg: '标题、图片或链接填写不正确' },
  DECOR_LINK_INVALID: { status: 400, msg: '链接须以 / 或 http(s):// 开头' },
  DECOR_SORT_INVALID: { status: 400, msg: '排序须列出全部条目' },
  BANNER_NOT_FOUND: { status: 404, msg: '轮播图不存在' },
  MENU_ENTRY_NOT_FOUND: { status: 404, msg: '菜单入口不存在' },
  ACTIVITY_NOT_FOUND: { status: 404, msg: '活动按钮不存在' },
  POPUP_NOT_FOUND: { status: 404, msg: '弹窗不存在' },
  POPUP_TIME_INVALID: { status: 400, msg: '结束时间须晚于开始时间' },
} as const satisfies ErrorTable;
