import type { BargainBrief } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { bargainPath, editionOfPath, isBargainPage, shareLink } from './edition.ts';
import {
  claimProgress,
  formatLeft,
  helpBlockText,
  helpsLeft,
  nextStep,
  orderStatusText,
  progressPercent,
  rewardText,
} from './logic.ts';

const brief = (patch: Partial<BargainBrief> = {}): BargainBrief => ({
  id: 7,
  itemId: 3,
  edition: 'normal',
  title: '保温杯',
  image: '',
  originalPrice: 10_000,
  currentPrice: 4_000,
  targetPrice: 0,
  remaining: 4_000,
  progress: 60,
  helpersNeeded: 10,
  helpsDone: 4,
  status: 'running',
  statusText: '砍价中',
  expiresAt: '2030-01-01T00:00:00.000Z',
  succeededAt: null,
  claimDeadline: null,
  claimStatus: null,
  createdAt: '2029-12-31T00:00:00.000Z',
  ...patch,
});

describe('formatLeft', () => {
  it('shows hours, minutes and seconds under a day', () => {
    expect(formatLeft(0)).toBe('00:00:00');
    expect(formatLeft(59)).toBe('00:00:59');
    expect(formatLeft(3725)).toBe('01:02:05');
    expect(formatLeft(86_399)).toBe('23:59:59');
  });
  it('shows days past a day, and never a negative or fractional time', () => {
    expect(formatLeft(86_400)).toBe('1天 00:00:00');
    expect(formatLeft(2 * 86_400 + 3661)).toBe('2天 01:01:01');
    expect(formatLeft(-5)).toBe('00:00:00');
    expect(formatLeft(61.9)).toBe('00:01:01');
  });
});

describe('progressPercent', () => {
  it('is the share of the way from the start price to the target', () => {
    expect(progressPercent(brief())).toBe(60);
    expect(progressPercent(brief({ targetPrice: 2_000, currentPrice: 6_000 }))).toBe(50);
  });
  it('stays under 100 while running, even a fen short, and is 100 once succeeded', () => {
    expect(progressPercent(brief({ currentPrice: 1 }))).toBe(99);
    expect(progressPercent(brief({ currentPrice: 0, status: 'succeeded' }))).toBe(100);
  });
  it('is clamped for odd prices', () => {
    expect(progressPercent(brief({ currentPrice: 12_000 }))).toBe(0);
    expect(progressPercent(brief({ originalPrice: 0 }))).toBe(0);
  });
});

describe('next steps', () => {
  it('counts the helps still needed', () => {
    expect(helpsLeft(brief())).toBe(6);
    expect(helpsLeft(brief({ helpsDone: 12 }))).toBe(0);
  });
  it('sends each bargain where it goes on', () => {
    expect(nextStep(brief())).toEqual({
      label: '邀请好友帮砍',
      path: '/rootPages/homeZeroYuan/homeZeroBargain?id=7',
    });
    expect(nextStep(brief({ status: 'succeeded' }))).toEqual({
      label: '立即领取',
      path: '/rootPages/homeZeroYuan/thirdStep?id=7',
    });
    expect(nextStep(brief({ status: 'succeeded', claimStatus: 'audit' })).path).toBe(
      '/rootPages/homeZeroYuan/audit?bargainId=7',
    );
    expect(nextStep(brief({ status: 'expired', edition: 'newYear' }))).toEqual({
      label: '重新发起',
      path: '/rootPages/homeZeroYuanNewYear/homeZeroDetail?id=3',
    });
  });
  it('names the claim steps', () => {
    const claim = {
      status: 'ordered',
      orderStatus: 'unpaid',
      canPost: false,
      postId: null,
    } as const;
    // In review: its own 审核中 step is the current one, not 领取免单 (issue 32).
    const audit = claimProgress({ ...claim, status: 'audit', orderStatus: null });
    expect(audit.steps[audit.current]).toBe('审核中');
    expect(audit.steps.slice(0, audit.current)).toEqual(['领取免单']);
    const at = (c: Parameters<typeof claimProgress>[0]) => {
      const p = claimProgress(c);
      return p.steps[p.current];
    };
    expect(at(claim)).toBe('下单发货');
    expect(at({ ...claim, canPost: true })).toBe('确认收货');
    expect(at({ ...claim, postId: 5 })).toBe('晒单');
  });
});

describe('texts', () => {
  it('says why one may not help', () => {
    expect(helpBlockText(null)).toBe('');
    expect(helpBlockText('helped')).toBe('你已经帮TA砍过了');
  });
  it('names rewards and order states', () => {
    const none = { kind: 'none', couponTemplateId: null, redPacketAmount: 0, title: '' } as const;
    expect(rewardText(none)).toBe('');
    expect(rewardText({ ...none, kind: 'redPacket', redPacketAmount: 200 })).toBe('¥2.00红包');
    expect(rewardText({ ...none, kind: 'coupon', title: '满50减5' })).toBe('满50减5');
    expect(orderStatusText('unshipped')).toBe('待发货');
    expect(orderStatusText('weird')).toBe('weird');
    expect(orderStatusText(null)).toBe('');
  });
});

describe('edition routes', () => {
  it('maps folders to editions and back', () => {
    expect(editionOfPath('/rootPages/homeZeroYuan/helpBargain')).toBe('normal');
    expect(editionOfPath('/rootPages/homeZeroYuanNewYear/audit')).toBe('newYear');
    expect(editionOfPath('/rootPages/tim/room')).toBeNull();
    expect(bargainPath('newYear', 'homeZeroYuan')).toBe(
      '/rootPages/homeZeroYuanNewYear/homeZeroYuan',
    );
    expect(isBargainPage('BaskSingle')).toBe(true);
    expect(isBargainPage('nope')).toBe(false);
  });
  it('builds the share link from a full server path, else from the id', () => {
    const origin = 'https://shop.example';
    expect(shareLink(origin, 'normal', 9, '/rootPages/homeZeroYuan/helpBargain?id=9')).toBe(
      'https://shop.example/#/rootPages/homeZeroYuan/helpBargain?id=9',
    );
    // A path without the sub-package folder is not a route of ours.
    expect(shareLink(origin, 'newYear', 9, '/homeZeroYuanNewYear/helpBargain?id=9')).toBe(
      'https://shop.example/#/rootPages/homeZeroYuanNewYear/helpBargain?id=9',
    );
    expect(shareLink(origin, 'normal', 9, 'https://evil.example/x')).toBe(
      'https://shop.example/#/rootPages/homeZeroYuan/helpBargain?id=9',
    );
  });
});
