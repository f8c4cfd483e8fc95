import type { DecorKind } from '@chaopin/contracts';

/** One field of a decor kind's form and table. */
export interface DecorField {
  name: string;
  label: string;
  kind: 'text' | 'image' | 'link';
  max?: number;
  required?: boolean;
  placeholder?: string;
}

export interface DecorKindSpec {
  kind: DecorKind;
  label: string;
  hint: string;
  fields: DecorField[];
  /** Shown in the app in this order (the popup: the newest live one). */
  sortable: boolean;
}

const LINK: DecorField = {
  name: 'link',
  label: '链接',
  kind: 'link',
  max: 512,
  required: true,
  placeholder: '/pages/homeClassify/homeClassify?id=1 或 https://…',
};

/** The home page's four decor kinds, as the app shows them (SPEC §2 首页). */
export const DECOR_KINDS: readonly DecorKindSpec[] = [
  {
    kind: 'banner',
    label: '轮播图',
    hint: '首页顶部轮播，按顺序播放；建议 750×340',
    sortable: true,
    fields: [
      { name: 'image', label: '图片', kind: 'image', required: true },
      { name: 'title', label: '标题', kind: 'text', max: 60, required: true },
      LINK,
    ],
  },
  {
    kind: 'menu',
    label: '金刚区菜单',
    hint: '首页图标入口，每行 5 个',
    sortable: true,
    fields: [
      { name: 'icon', label: '图标', kind: 'image', required: true },
      { name: 'name', label: '名称', kind: 'text', max: 20, required: true },
      LINK,
    ],
  },
  {
    kind: 'activity',
    label: '活动按钮',
    hint: '首页活动卡片（今日特卖、爆款推荐…）',
    sortable: true,
    fields: [
      { name: 'image', label: '图片', kind: 'image', required: true },
      { name: 'title', label: '标题', kind: 'text', max: 20, required: true },
      { name: 'subtitle', label: '副标题', kind: 'text', max: 40 },
      LINK,
    ],
  },
  {
    kind: 'popup',
    label: '首页弹窗',
    hint: '生效时间内启用的弹窗中，开始时间最新的一个弹出；每人每天最多一次',
    sortable: false,
    fields: [
      { name: 'image', label: '图片', kind: 'image', required: true },
      { name: 'title', label: '标题', kind: 'text', max: 60, required: true },
      LINK,
    ],
  },
];

/** The app's link rule, as the API checks it: a page of the app or a web address. */
export const LINK_PATTERN = /^(\/|#\/|https?:\/\/)\S*$/;
