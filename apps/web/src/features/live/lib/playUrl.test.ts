import { describe, expect, it } from 'vitest';
import { liveSources, replaySource, resolvePlayUrl } from './playUrl.ts';

const http = { protocol: 'http:', host: '127.0.0.1:8080' };
const https = { protocol: 'https:', host: 'shop.example.com' };

describe('resolvePlayUrl', () => {
  it('turns ws paths into ws(s) URLs on the page origin', () => {
    expect(resolvePlayUrl('/live/ws/r12.flv', http, true)).toBe(
      'ws://127.0.0.1:8080/live/ws/r12.flv',
    );
    expect(resolvePlayUrl('/live/ws/r12.flv', https, true)).toBe(
      'wss://shop.example.com/live/ws/r12.flv',
    );
  });
  it('keeps absolute URLs, mapping http to ws for ws sources', () => {
    expect(resolvePlayUrl('https://cdn.example.com/a.m3u8', http)).toBe(
      'https://cdn.example.com/a.m3u8',
    );
    expect(resolvePlayUrl('https://cdn.example.com/a.flv', http, true)).toBe(
      'wss://cdn.example.com/a.flv',
    );
    expect(resolvePlayUrl('ws://x/a.flv', https, true)).toBe('ws://x/a.flv');
  });
  it('makes http paths absolute', () => {
    expect(resolvePlayUrl('live/flv/r1.flv', http)).toBe('http://127.0.0.1:8080/live/flv/r1.flv');
  });
});

describe('liveSources', () => {
  it('prefers WS-FLV, then HTTP-FLV, then HLS', () => {
    const list = liveSources(
      { wsFlv: '/live/ws/r1.flv', flv: '/live/flv/r1.flv', hls: '/hls/r1.m3u8' },
      http,
      { mse: true },
    );
    expect(list.map((s) => s.kind)).toEqual(['flv', 'flv', 'hls']);
    expect(list[0]?.url).toBe('ws://127.0.0.1:8080/live/ws/r1.flv');
    expect(list[1]?.url).toBe('http://127.0.0.1:8080/live/flv/r1.flv');
  });
  it('offers only HLS without Media Source Extensions', () => {
    expect(liveSources({ wsFlv: '/a', hls: '/b.m3u8' }, http, { mse: false })).toEqual([
      { kind: 'hls', url: 'http://127.0.0.1:8080/b.m3u8' },
    ]);
    expect(liveSources(null, http, { mse: true })).toEqual([]);
  });
});

describe('replaySource', () => {
  it('plays mp4 natively and flv as a finished stream', () => {
    expect(replaySource({ url: '/r/1.mp4', format: 'mp4' }, http)).toEqual({
      kind: 'mp4',
      url: 'http://127.0.0.1:8080/r/1.mp4',
    });
    expect(replaySource({ url: '/r/1.flv', format: 'flv' }, http)).toEqual({
      kind: 'flv',
      url: 'http://127.0.0.1:8080/r/1.flv',
      live: false,
    });
  });
});
