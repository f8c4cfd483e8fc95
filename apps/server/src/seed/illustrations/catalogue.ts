import type { DrawingId } from './library.ts';

/**
 * Which drawing shows which product. Every sub-category has a drawing of its own (also its
 * category icon); a product noun that is a different object (吹风机 under 生活电器) has its own.
 * Keys are `一级类目/二级类目` as in demo-words.ts.
 */
export const LEAF_ART: Readonly<Record<string, DrawingId>> = {
  '女装/连衣裙': 'dress',
  '女装/T恤': 'women-tee',
  '女装/衬衫': 'blouse',
  '女装/半身裙': 'skirt',
  '女装/外套': 'coat',
  '男装/T恤': 'tee',
  '男装/衬衫': 'shirt',
  '男装/裤装': 'trousers',
  '男装/夹克': 'jacket',
  '美妆护肤/面部护肤': 'serum',
  '美妆护肤/彩妆': 'lipstick',
  '美妆护肤/面膜': 'sheet-mask',
  '美妆护肤/香水': 'perfume',
  '美妆护肤/身体护理': 'pump-bottle',
  '食品生鲜/水果': 'apple',
  '食品生鲜/零食': 'snack-bag',
  '食品生鲜/粮油调味': 'rice-bag',
  '食品生鲜/茶饮冲调': 'tea',
  '食品生鲜/肉禽蛋品': 'eggs',
  '数码家电/手机': 'phone',
  '数码家电/耳机音箱': 'earbuds',
  '数码家电/平板电脑': 'tablet',
  '数码家电/生活电器': 'air-fryer',
  '数码家电/智能穿戴': 'smartwatch',
  '家居日用/床上用品': 'bedding',
  '家居日用/收纳整理': 'storage-box',
  '家居日用/厨房用品': 'pan',
  '家居日用/清洁用品': 'detergent',
  '母婴玩具/奶粉辅食': 'formula',
  '母婴玩具/纸尿裤': 'diaper',
  '母婴玩具/童装': 'onesie',
  '母婴玩具/益智玩具': 'blocks',
  '运动户外/运动鞋': 'sneaker',
  '运动户外/运动服': 'sport-tee',
  '运动户外/健身器材': 'dumbbell',
  '运动户外/户外装备': 'tent',
};

/** Nouns drawn differently from their sub-category's drawing. */
export const NOUN_ART: Readonly<Record<string, DrawingId>> = {
  吊带裙: 'slip-dress',
  西装外套: 'blazer',
  牛仔夹克: 'jacket',
  POLO衫: 'polo',
  冲锋衣: 'jacket',
  面霜: 'cream-jar',
  爽肤水: 'toner',
  洁面乳: 'tube',
  气垫粉底: 'compact',
  眼影盘: 'eyeshadow',
  腮红: 'compact',
  清洁泥膜: 'cream-jar',
  香氛礼盒: 'gift-box',
  固体香膏: 'compact',
  护手霜: 'tube',
  赣南脐橙: 'orange',
  阳光玫瑰葡萄: 'grapes',
  海南芒果: 'mango',
  坚果礼盒: 'gift-box',
  手撕面包: 'bread',
  压榨花生油: 'oil-bottle',
  酱油: 'soy-sauce',
  挂耳咖啡: 'coffee',
  原切牛排: 'steak',
  黑猪五花肉: 'steak',
  头戴式耳机: 'headphones',
  智能音箱: 'speaker',
  吹风机: 'hair-dryer',
  扫地机器人: 'robot-vacuum',
  电饭煲: 'rice-cooker',
  乳胶枕: 'pillow',
  衣架: 'hanger',
  桌面置物架: 'shelf',
  保温杯: 'thermos',
  刀具套装: 'knife-block',
  玻璃保鲜盒: 'food-box',
  抽纸: 'tissue',
  拖把: 'mop',
  果泥: 'puree-pouch',
  婴儿湿巾: 'wipes',
  儿童卫衣: 'hoodie',
  儿童羽绒服: 'puffer',
  拼图: 'puzzle',
  遥控汽车: 'toy-car',
  毛绒公仔: 'teddy',
  瑜伽裤: 'leggings',
  瑜伽垫: 'yoga-mat',
  跳绳: 'jump-rope',
  筋膜枪: 'massage-gun',
  登山包: 'backpack',
  折叠椅: 'camp-chair',
  户外水壶: 'water-bottle',
};

export function leafArt(top: string, leaf: string): DrawingId {
  const id = LEAF_ART[`${top}/${leaf}`];
  if (!id) throw new Error(`no drawing for category ${top}/${leaf}`);
  return id;
}

/** The drawing for a product: its noun's own, else its sub-category's. */
export function productArt(top: string, leaf: string, noun: string): DrawingId {
  return NOUN_ART[noun] ?? leafArt(top, leaf);
}

/** Chinese names for nouns spelled with Latin letters, for captions (images carry no Latin). */
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  纯棉短袖T恤: '纯棉短袖',
  宽松圆领T恤: '宽松圆领衫',
  重磅T恤: '重磅短袖',
  POLO衫: '翻领衫',
  A字短裙: '伞摆短裙',
  速干T恤: '速干短袖',
  '5G手机': '智能手机',
};

/** Text for an image: Chinese names for known Latin terms, any other Latin letter dropped. */
export function zh(text: string): string {
  return (DISPLAY_NAMES[text] ?? text).replace(/[A-Za-z]+/g, '').trim();
}
