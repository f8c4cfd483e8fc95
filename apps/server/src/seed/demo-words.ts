import type { DrawingId } from './illustrations/library.ts';
import type { SceneKind } from './illustrations/scenes.ts';

/** One axis a product varies along, e.g. 颜色 or 尺码. */
export interface SpecAxis {
  name: string;
  values: readonly string[];
  /** Later values cost more (storage, weight, pack size), so SKU prices differ along this axis. */
  priced?: boolean;
}

export interface LeafWords {
  name: string;
  nouns: readonly string[];
  /** Typical price range in yuan; the seed draws a base price inside it. */
  priceYuan: readonly [number, number];
  specs: readonly SpecAxis[];
}

export interface TopWords {
  name: string;
  /** The drawing on the category's icon, menu entry and banners. */
  art: DrawingId;
  /** The backdrop of its products' lifestyle image, and that image's caption. */
  scene: SceneKind;
  sceneLine: string;
  styles: readonly string[];
  tails: readonly string[];
  sellingPoints: readonly string[];
  children: readonly LeafWords[];
}

const COLORS: SpecAxis = {
  name: '颜色',
  values: ['黑色', '白色', '红色', '藏青色', '卡其色', '浅灰色', '樱花粉', '燕麦色'],
};
const SIZES: SpecAxis = { name: '尺码', values: ['S', 'M', 'L', 'XL', 'XXL'] };
const SHOE_SIZES: SpecAxis = {
  name: '尺码',
  values: ['36', '37', '38', '39', '40', '41', '42', '43'],
};
const VOLUME: SpecAxis = { name: '规格', values: ['30ml', '50ml', '100ml'], priced: true };
const WEIGHT: SpecAxis = { name: '规格', values: ['500g', '1kg', '2.5kg', '5kg'], priced: true };
const PACK: SpecAxis = { name: '规格', values: ['单件装', '两件装', '三件装'], priced: true };
const FLAVOR: SpecAxis = { name: '口味', values: ['原味', '香辣味', '五香味', '蜂蜜味', '海盐味'] };
const STORAGE: SpecAxis = {
  name: '版本',
  values: ['8GB+128GB', '8GB+256GB', '12GB+512GB'],
  priced: true,
};
const AGE: SpecAxis = { name: '适用年龄', values: ['0-1岁', '1-3岁', '3-6岁', '6岁以上'] };

/** `nouns` is space-separated to keep the tables below one line per category. */
function leaf(
  name: string,
  nouns: string,
  priceYuan: [number, number],
  ...specs: SpecAxis[]
): LeafWords {
  return { name, nouns: nouns.split(' '), priceYuan, specs };
}

export const TITLE_PREFIXES = [
  '',
  '',
  '2025新款',
  '官方正品',
  '爆款',
  '限时特惠',
  '潮品优选',
  '热卖',
];

export const TOP_CATEGORIES: readonly TopWords[] = [
  {
    name: '女装',
    art: 'dress',
    scene: 'wardrobe',
    sceneLine: '穿出好气质',
    styles: ['法式复古', '韩版宽松', '小香风', '气质通勤', '高级感', '温柔风', '简约百搭', 'ins风'],
    tails: ['女', '女士', '显瘦百搭', '春秋款', '夏季薄款'],
    sellingPoints: ['亲肤面料', '显瘦版型', '做工精细', '不起球', '7天无理由退换', '运费险'],
    children: [
      leaf('连衣裙', '碎花连衣裙 收腰长裙 针织连衣裙 吊带裙', [59, 399], COLORS, SIZES),
      leaf('T恤', '纯棉短袖T恤 印花打底衫 宽松圆领T恤', [29, 129], COLORS, SIZES),
      leaf('衬衫', '雪纺衬衫 条纹衬衫 真丝衬衫', [69, 299], COLORS, SIZES),
      leaf('半身裙', '百褶半身裙 A字短裙 鱼尾半身裙', [49, 259], COLORS, SIZES),
      leaf('外套', '西装外套 风衣 牛仔夹克 羊毛大衣', [159, 1299], COLORS, SIZES),
    ],
  },
  {
    name: '男装',
    art: 'shirt',
    scene: 'wardrobe',
    sceneLine: '型男日常穿搭',
    styles: ['商务休闲', '日系', '美式复古', '潮牌', '简约', '修身', '户外机能'],
    tails: ['男', '男士', '青年', '春秋款', '大码'],
    sellingPoints: ['透气舒适', '抗皱免烫', '精选面料', '修身剪裁', '7天无理由退换'],
    children: [
      leaf('T恤', '纯棉短袖 重磅T恤 POLO衫', [39, 199], COLORS, SIZES),
      leaf('衬衫', '牛津纺衬衫 商务长袖衬衫 格子衬衫', [79, 299], COLORS, SIZES),
      leaf('裤装', '直筒牛仔裤 休闲西裤 工装裤 运动卫裤', [69, 359], COLORS, SIZES),
      leaf('夹克', '飞行员夹克 立领夹克 冲锋衣', [159, 899], COLORS, SIZES),
    ],
  },
  {
    name: '美妆护肤',
    art: 'serum',
    scene: 'vanity',
    sceneLine: '精致每一天',
    styles: ['水润', '保湿补水', '控油', '修护', '提亮', '温和'],
    tails: ['正品', '学生党', '敏感肌可用', '送小样'],
    sellingPoints: ['官方授权', '假一赔十', '温和不刺激', '持久保湿', '赠品丰富'],
    children: [
      leaf('面部护肤', '精华液 面霜 爽肤水 洁面乳', [59, 899], VOLUME),
      leaf('彩妆', '口红 气垫粉底 眼影盘 腮红', [49, 459], COLORS),
      leaf('面膜', '补水面膜 清洁泥膜 睡眠面膜', [29, 199], PACK),
      leaf('香水', '淡香水 香氛礼盒 固体香膏', [99, 1299], VOLUME),
      leaf('身体护理', '身体乳 护手霜 沐浴露', [19, 159], VOLUME),
    ],
  },
  {
    name: '食品生鲜',
    art: 'apple',
    scene: 'kitchen',
    sceneLine: '新鲜好滋味',
    styles: ['新鲜', '产地直发', '农家', '手工', '进口', '网红'],
    tails: ['包邮', '整箱', '当季', '家庭装'],
    sellingPoints: ['产地直采', '坏果包赔', '顺丰冷链', '无添加', '当日发货'],
    children: [
      leaf('水果', '红富士苹果 赣南脐橙 阳光玫瑰葡萄 海南芒果', [19, 129], WEIGHT),
      leaf('零食', '坚果礼盒 牛肉干 手撕面包 海苔脆', [15, 99], FLAVOR),
      leaf('粮油调味', '东北大米 压榨花生油 酱油', [19, 159], WEIGHT),
      leaf('茶饮冲调', '明前龙井 挂耳咖啡 红枣枸杞茶', [29, 399], PACK),
      leaf('肉禽蛋品', '土鸡蛋 原切牛排 黑猪五花肉', [29, 299], WEIGHT),
    ],
  },
  {
    name: '数码家电',
    art: 'phone',
    scene: 'desk',
    sceneLine: '智享品质生活',
    styles: ['旗舰', '轻薄', '智能', '降噪', '大屏', '长续航'],
    tails: ['官方标配', '全国联保', '新品'],
    sellingPoints: ['全国联保', '正品行货', '顺丰包邮', '以旧换新', '12期免息'],
    children: [
      leaf('手机', '5G手机 拍照手机 折叠屏手机', [999, 2999], COLORS, STORAGE),
      leaf('耳机音箱', '蓝牙耳机 头戴式耳机 智能音箱', [99, 1299], COLORS),
      leaf('平板电脑', '平板电脑 学习平板 电纸书', [699, 2999], STORAGE),
      leaf('生活电器', '空气炸锅 吹风机 扫地机器人 电饭煲', [99, 1999], COLORS),
      leaf('智能穿戴', '智能手表 运动手环', [159, 1599], COLORS),
    ],
  },
  {
    name: '家居日用',
    art: 'bedding',
    scene: 'living',
    sceneLine: '温馨好家居',
    styles: ['北欧', '日式', '简约', '加厚', '可折叠', '大容量'],
    tails: ['家用', '宿舍', '收纳神器', '多功能'],
    sellingPoints: ['环保材质', '耐用不变形', '安装简单', '运费险', '一件包邮'],
    children: [
      leaf('床上用品', '纯棉四件套 羽绒被 乳胶枕', [89, 899], COLORS),
      leaf('收纳整理', '收纳箱 衣架 桌面置物架', [15, 129], PACK),
      leaf('厨房用品', '不粘锅 保温杯 刀具套装 玻璃保鲜盒', [29, 399], COLORS),
      leaf('清洁用品', '洗衣凝珠 抽纸 拖把', [9.9, 99], PACK),
    ],
  },
  {
    name: '母婴玩具',
    art: 'teddy',
    scene: 'nursery',
    sceneLine: '宝宝好伙伴',
    styles: ['婴儿', '儿童', '益智', '安全', '柔软', '早教'],
    tails: ['宝宝', '男孩女孩', '生日礼物'],
    sellingPoints: ['母婴级材质', '安全认证', '无异味', '妈妈推荐', '破损包赔'],
    children: [
      leaf('奶粉辅食', '婴儿奶粉 米粉 果泥', [39, 459], AGE),
      leaf('纸尿裤', '纸尿裤 拉拉裤 婴儿湿巾', [39, 199], SIZES),
      leaf('童装', '纯棉连体衣 儿童卫衣 儿童羽绒服', [39, 399], COLORS, AGE),
      leaf('益智玩具', '积木 拼图 遥控汽车 毛绒公仔', [29, 499], AGE),
    ],
  },
  {
    name: '运动户外',
    art: 'sneaker',
    scene: 'outdoor',
    sceneLine: '运动更自在',
    styles: ['专业', '轻量', '透气', '防水', '缓震', '速干'],
    tails: ['男女同款', '户外', '健身', '新款'],
    sellingPoints: ['专业品质', '缓震回弹', '透气速干', '官方正品', '7天无理由退换'],
    children: [
      leaf('运动鞋', '跑步鞋 篮球鞋 板鞋 徒步鞋', [129, 1299], COLORS, SHOE_SIZES),
      leaf('运动服', '速干T恤 瑜伽裤 运动套装', [59, 399], COLORS, SIZES),
      leaf('健身器材', '瑜伽垫 哑铃 跳绳 筋膜枪', [19, 899], COLORS),
      leaf('户外装备', '露营帐篷 登山包 折叠椅 户外水壶', [49, 1599], COLORS),
    ],
  },
];

/** Demo shops; `mark` is the character on the generated logo, `tops` are the TOP_CATEGORIES indexes they sell in. */
export const STORES: readonly {
  name: string;
  mark: string;
  description: string;
  tops: readonly number[];
}[] = [
  { name: '潮品女装旗舰店', mark: '潮', description: '每周上新，精选当季流行女装', tops: [0] },
  { name: '简衣工作室', mark: '简', description: '原创设计，简约舒适的日常穿搭', tops: [0, 1] },
  { name: '型男衣橱', mark: '型', description: '商务到休闲，一站式男士穿搭', tops: [1] },
  { name: '花颜美妆官方店', mark: '花', description: '大牌正品授权，假一赔十', tops: [2] },
  { name: '素肌护肤馆', mark: '素', description: '温和配方，专注敏感肌护理', tops: [2] },
  { name: '田园鲜果铺', mark: '田', description: '产地直采，新鲜水果次日达', tops: [3] },
  { name: '老字号零食坊', mark: '老', description: '传统手艺，健康美味零食', tops: [3] },
  { name: '极客数码专营店', mark: '极', description: '正品行货，全国联保', tops: [4] },
  { name: '悦家生活馆', mark: '悦', description: '让家更舒适的好物', tops: [5, 4] },
  { name: '萌宝母婴店', mark: '萌', description: '安心之选，宝宝成长好伙伴', tops: [6] },
  { name: '奔跑吧运动', mark: '跑', description: '专业运动装备，陪你每一步', tops: [7] },
  { name: '山野户外', mark: '山', description: '露营徒步，探索自然', tops: [7, 5] },
];

export const BANNERS: readonly { title: string; label: string; top: number }[] = [
  { title: '秋冬上新 潮流女装低至5折', label: '秋冬上新', top: 0 },
  { title: '数码焕新季 12期免息', label: '数码焕新季', top: 4 },
  { title: '产地直发 新鲜水果包邮到家', label: '产地直发', top: 3 },
  { title: '运动户外 专业装备满300减50', label: '运动户外', top: 7 },
];
