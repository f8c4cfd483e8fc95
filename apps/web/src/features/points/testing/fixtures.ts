import type { InviteData, PointsBillPage, PointsBillRow, PointsHomeData } from '@chaopin/contracts';

/** 2024-05-08 is a Wednesday: the 1st (a Wednesday too) has two blank cells before it. */
export function pointsHome(over: Partial<PointsHomeData> = {}): PointsHomeData {
  return {
    balance: 120,
    today: '2024-05-08',
    signedToday: false,
    streak: 3,
    nextPoints: 10,
    month: [
      { day: '2024-05-05', points: 10, streak: 1 },
      { day: '2024-05-06', points: 10, streak: 2 },
      { day: '2024-05-07', points: 10, streak: 3 },
    ],
    rules: { signIn: 10, streak7Bonus: 50, streak30Bonus: 200, firstOrder: 20 },
    ...over,
  };
}

export function pointsRow(over: Partial<PointsBillRow> = {}): PointsBillRow {
  return {
    id: 1,
    kind: 'signin',
    title: '每日签到',
    amount: 10,
    orderNo: null,
    createdAt: '2024-05-07T01:00:00.000Z',
    ...over,
  };
}

export function pointsBillPage(list: PointsBillRow[], over: Partial<PointsBillPage> = {}) {
  return {
    list,
    total: list.length,
    pageNum: 1,
    pageSize: 20,
    earned: 30,
    spent: 0,
    balance: 120,
    ...over,
  } satisfies PointsBillPage;
}

export function inviteData(over: Partial<InviteData> = {}): InviteData {
  return {
    inviteCode: 'AB12CD',
    link: 'http://localhost/#/pages/login/login?invite=AB12CD',
    posterUrl: '/uploads/poster.png',
    inviteeGift: 500,
    inviterReward: 1000,
    invitedCount: 2,
    ...over,
  };
}
