import { describe, expect, it } from 'vitest';
import { livePlayerUrl, shelfAction } from './room';

describe('livePlayerUrl', () => {
  it('plays HTTP-FLV, made absolute against the server', () => {
    expect(
      livePlayerUrl(
        { flv: '/live/flv/r1.flv', wsFlv: '/live/ws/r1.flv' },
        'https://api.example.cn/',
      ),
    ).toBe('https://api.example.cn/live/flv/r1.flv');
    expect(livePlayerUrl({ flv: 'https://cdn.example.cn/r1.flv' }, 'https://api.example.cn')).toBe(
      'https://cdn.example.cn/r1.flv',
    );
  });

  it('has nothing to play without FLV (WS-FLV and HLS are not <live-player> transports)', () => {
    expect(
      livePlayerUrl({ wsFlv: '/live/ws/r1.flv', hls: '/live/hls/r1.m3u8' }, 'https://a.cn'),
    ).toBeNull();
    expect(livePlayerUrl(null, 'https://a.cn')).toBeNull();
  });
});

describe('shelfAction', () => {
  it('is 去抢购 on sale with stock, 已抢光 without, 即将开售 when only shown', () => {
    expect(shelfAction({ status: 'onSale', stock: 3 })).toEqual({ label: '去抢购', buyable: true });
    expect(shelfAction({ status: 'onSale', stock: 0 })).toEqual({
      label: '已抢光',
      buyable: false,
    });
    expect(shelfAction({ status: 'shown', stock: 9 })).toEqual({
      label: '即将开售',
      buyable: false,
    });
  });
});
