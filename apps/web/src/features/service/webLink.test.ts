import { describe, expect, it } from 'vitest';
import { appRouteOf, webLinkSandbox, webLinkTarget } from './webLink.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const HOSTS = ['example.com'];

describe('in-app web view', () => {
  it('opens our own pages (relative or absolute) and https pages', () => {
    expect(webLinkTarget('/rule.html', HOSTS, ORIGIN)).toEqual({
      url: 'http://127.0.0.1:8080/rule.html',
      sameOrigin: true,
    });
    expect(webLinkTarget('http://127.0.0.1:8080/a?b=1', HOSTS, ORIGIN)?.sameOrigin).toBe(true);
    expect(webLinkTarget(' https://example.com/p ', HOSTS, ORIGIN)).toEqual({
      url: 'https://example.com/p',
      sameOrigin: false,
    });
  });

  it('refuses other sites over http, scripts, data and nothing at all', () => {
    for (const url of [
      'http://example.com/',
      'https://other.example.org/',
      'https://example.com.evil.org/',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '//evil.example/x',
      '',
      null,
    ]) {
      const target = webLinkTarget(url, HOSTS, ORIGIN);
      // A protocol-relative URL takes our scheme (http): another site over http, refused.
      expect(target, String(url)).toBeNull();
    }
  });

  it('opens an app screen as the screen itself, not in a frame', () => {
    expect(appRouteOf(webLinkTarget('/#/pages/rule/rule?x=1', HOSTS, ORIGIN))).toBe(
      '/pages/rule/rule?x=1',
    );
    expect(appRouteOf(webLinkTarget('/rule.html#/x', HOSTS, ORIGIN))).toBeNull();
    expect(appRouteOf(webLinkTarget('https://example.com/#/x', HOSTS, ORIGIN))).toBeNull();
  });

  it('keeps our own pages away from the app’s storage, not outside ones from theirs', () => {
    expect(webLinkSandbox(true)).not.toContain('allow-same-origin');
    expect(webLinkSandbox(false)).toContain('allow-same-origin');
  });
});
