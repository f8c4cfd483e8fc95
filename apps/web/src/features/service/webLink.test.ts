import { describe, expect, it } from 'vitest';
import { webLinkSandbox, webLinkTarget } from './webLink.ts';

const ORIGIN = 'http://127.0.0.1:8080';

describe('in-app web view', () => {
  it('opens our own pages (relative or absolute) and https pages', () => {
    expect(webLinkTarget('/rule.html', ORIGIN)).toEqual({
      url: 'http://127.0.0.1:8080/rule.html',
      sameOrigin: true,
    });
    expect(webLinkTarget('http://127.0.0.1:8080/a?b=1', ORIGIN)?.sameOrigin).toBe(true);
    expect(webLinkTarget(' https://example.com/p ', ORIGIN)).toEqual({
      url: 'https://example.com/p',
      sameOrigin: false,
    });
  });

  it('refuses other sites over http, scripts, data and nothing at all', () => {
    for (const url of [
      'http://example.com/',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '//evil.example/x',
      '',
      null,
    ]) {
      const target = webLinkTarget(url, ORIGIN);
      // A protocol-relative URL takes our scheme (http): another site over http, refused.
      expect(target, String(url)).toBeNull();
    }
  });

  it('keeps our own pages away from the app’s storage, not outside ones from theirs', () => {
    expect(webLinkSandbox(true)).not.toContain('allow-same-origin');
    expect(webLinkSandbox(false)).toContain('allow-same-origin');
  });
});
