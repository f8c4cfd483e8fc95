import type { CardCampaignBody } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import {
  campaignFields,
  logTitle,
  maskPhone,
  rareWeight,
  requireActive,
  rewardOf,
  statusAt,
} from './cards-rules.ts';

const body = (over: Partial<CardCampaignBody> = {}): CardCampaignBody => ({
  title: ' 集卡 ',
  startAt: '2026-01-01T00:00:00Z',
  endAt: '2026-02-01T00:00:00Z',
  rewardKind: 'points',
  amount: 100,
  kinds: [
    { name: '潮', weight: 3 },
    { name: '福', weight: 1 },
  ],
  ...over,
});

const span = {
  start_at: new Date('2026-01-01T00:00:00Z'),
  end_at: new Date('2026-02-01T00:00:00Z'),
};

describe('the cards rules', () => {
  it('shows the rarest weight as rare, none when all weigh the same', () => {
    expect(rareWeight([{ weight: 3 }, { weight: 1 }, { weight: 1 }])).toBe(1);
    expect(rareWeight([{ weight: 2 }, { weight: 2 }])).toBeNull();
  });

  it('runs a campaign from its start until its end, and refuses moves outside it', () => {
    expect(statusAt(span, new Date('2025-12-31T00:00:00Z'))).toBe('upcoming');
    expect(statusAt(span, span.start_at)).toBe('active');
    expect(statusAt(span, span.end_at)).toBe('ended');
    expect(() => requireActive(span, new Date('2025-12-31T00:00:00Z'))).toThrow(
      expect.objectContaining({ id: 'CARD_CAMPAIGN_NOT_STARTED' }),
    );
    expect(() => requireActive(span, span.end_at)).toThrow(
      expect.objectContaining({ id: 'CARD_CAMPAIGN_ENDED' }),
    );
    expect(() => requireActive(span, span.start_at)).not.toThrow();
  });

  it('masks a phone, and names a missing one 好友', () => {
    expect(maskPhone('13800001234')).toBe('138****1234');
    expect(maskPhone('123')).toBe('好友');
    expect(maskPhone(null)).toBe('好友');
  });

  it('checks a campaign body and makes its rows', () => {
    const { kinds, row } = campaignFields(body());
    expect(kinds).toEqual([
      { name: '潮', weight: 3 },
      { name: '福', weight: 1 },
    ]);
    expect(row).toMatchObject({ title: '集卡', reward_kind: 'points', amount: 100 });
    expect(row.coupon_template_id).toBeNull();
    const invalid = [
      body({ endAt: '2026-01-01T00:00:00Z' }),
      body({ startAt: 'x' }),
      body({ title: '  ' }),
      body({
        kinds: [
          { name: '潮', weight: 1 },
          { name: ' 潮', weight: 2 },
        ],
      }),
      body({ rewardKind: 'coupon' }),
      body({ couponTemplateId: 1 }),
    ];
    for (const b of invalid) {
      expect(() => campaignFields(b)).toThrow(
        expect.objectContaining({ id: 'CARD_CAMPAIGN_INVALID' }),
      );
    }
  });

  it('gives a coupon by template, else the amount of its kind', () => {
    expect(rewardOf({ reward_kind: 'coupon', coupon_template_id: 7, amount: null })).toEqual({
      kind: 'coupon',
      templateId: 7,
    });
    expect(rewardOf({ reward_kind: 'redpacket', coupon_template_id: null, amount: 88 })).toEqual({
      kind: 'redpacket',
      amount: 88,
    });
  });

  it('titles a gift with its peer’s masked phone', () => {
    expect(logTitle({ source: 'gift_in', peer_phone: '13800001234' })).toBe(
      '好友赠送（138****1234）',
    );
    expect(logTitle({ source: 'signin', peer_phone: null })).toBe('每日签到');
  });
});
