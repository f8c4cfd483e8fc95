import type { WebLinkConfigData } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { webLinkConfig } from './web-link-config.ts';

describe('in-app web view configuration', () => {
  it('reads default links and allowed hosts, refusing what the web view must not open', () => {
    expect(webLinkConfig('', '')).toEqual({ hosts: [], pages: [] });
    expect(
      webLinkConfig('game.example.com', 'user=种果树|https://game.example.com/farm; tim=说明|/#/x'),
    ).toEqual({
      hosts: ['game.example.com'],
      pages: [
        { key: 'user', title: '种果树', url: 'https://game.example.com/farm' },
        { key: 'tim', title: '说明', url: '/#/x' },
      ],
    });
    for (const bad of [
      'user=a|https://other.example.com/',
      'user=a|http://game.example.com/',
      'user=a|//game.example.com/',
      'user=a|javascript:alert(1)',
      'nope=a|/x',
      'user|/x',
    ]) {
      expect(() => webLinkConfig('game.example.com', bad), bad).toThrow(/WEBLINK_PAGES/);
    }
  });
});

describe('common/webLink', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers anyone with the shipped defaults', async () => {
    const res = await call<WebLinkConfigData>(t.app, {
      method: 'GET',
      url: `${API}/common/webLink`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.hosts).toEqual([]);
    expect(res.body.data.pages.find((p) => p.key === 'integral')).toMatchObject({
      title: '积分规则',
      url: '/#/rootPages/integral/bottomLayer',
    });
  });
});
