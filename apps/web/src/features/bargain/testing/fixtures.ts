import type {
  BargainBrief,
  BargainDetailData,
  BargainEdition,
  BargainItem,
  BargainItemData,
  BargainItemsData,
  BargainPost,
} from '@chaopin/contracts';

const NOW = '2030-01-01T00:00:00.000Z';

export function edition(over: Partial<BargainEdition> = {}): BargainEdition {
  return {
    edition: 'normal',
    title: '砍价免费拿',
    themeColor: '#ff4d4f',
    bannerText: '邀请好友帮砍，砍到0元免费拿',
    rulesText: '每人每件限参与1次\n24小时内砍到0元即可免费领取',
    itemCount: 1,
    ...over,
  };
}

export function item(over: Partial<BargainItem> = {}): BargainItem {
  return {
    id: 3,
    edition: 'normal',
    productId: 11,
    skuId: 21,
    title: '不锈钢保温杯',
    skuName: '500ml 白色',
    image: '',
    price: 9_900,
    targetPrice: 0,
    helpersNeeded: 5,
    timeLimitHours: 24,
    stock: 10,
    stockLeft: 8,
    perUserLimit: 1,
    reward: { kind: 'redPacket', couponTemplateId: null, redPacketAmount: 100, title: '' },
    startedCount: 12,
    claimedCount: 2,
    ...over,
  };
}

export function brief(over: Partial<BargainBrief> = {}): BargainBrief {
  return {
    id: 7,
    itemId: 3,
    edition: 'normal',
    title: '不锈钢保温杯',
    image: '',
    originalPrice: 9_900,
    currentPrice: 4_000,
    targetPrice: 0,
    remaining: 4_000,
    progress: 59,
    helpersNeeded: 5,
    helpsDone: 2,
    status: 'running',
    statusText: '砍价中',
    expiresAt: '2030-01-01T05:00:00.000Z',
    succeededAt: null,
    claimDeadline: null,
    claimStatus: null,
    createdAt: NOW,
    ...over,
  };
}

export function post(over: Partial<BargainPost> = {}): BargainPost {
  return {
    id: 1,
    itemId: 3,
    nickname: '小红',
    avatar: '',
    content: '真的免费拿到了',
    images: [],
    createdAt: NOW,
    ...over,
  };
}

export function items(over: Partial<BargainItemsData> = {}): BargainItemsData {
  return {
    now: NOW,
    edition: edition(),
    list: [{ item: item(), mine: null }],
    running: [],
    ...over,
  };
}

export function itemData(over: Partial<BargainItemData> = {}): BargainItemData {
  return {
    now: NOW,
    edition: edition(),
    item: item(),
    mine: null,
    canStart: false,
    posts: [post()],
    postTotal: 1,
    ...over,
  };
}

export function detail(over: Partial<BargainDetailData> = {}): BargainDetailData {
  return {
    now: NOW,
    edition: edition(),
    item: item(),
    bargain: brief(),
    starter: { nickname: '阿明', avatar: '' },
    helpers: [
      {
        nickname: '阿明',
        avatar: '',
        cut: 3_900,
        isStarter: true,
        isNewUser: false,
        createdAt: NOW,
      },
    ],
    isOwner: false,
    canHelp: false,
    helpBlock: 'helped',
    myCut: 250,
    sharePath: '/rootPages/homeZeroYuan/helpBargain?id=7',
    claim: null,
    shippingFee: 0,
    ...over,
  };
}
