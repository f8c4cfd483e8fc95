import { WEB_LINK_KEYS, type WebLinkConfigData } from '@chaopin/contracts';

/**
 * The in-app web view's configuration from WEBLINK_HOSTS and WEBLINK_PAGES (see config.ts). A bad
 * entry stops the server at startup: a web view that silently opens nothing is found by users.
 */
export function webLinkConfig(hostsText: string, pagesText: string): WebLinkConfigData {
  const hosts = hostsText ? hostsText.split(',') : [];
  const pages = pagesText
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^([A-Za-z0-9]+)=([^|]{1,30})\|(.+)$/.exec(entry);
      if (!m) throw new Error(`WEBLINK_PAGES: "${entry}" is not key=title|url`);
      const [, key = '', title = '', url = ''] = m;
      if (!(WEB_LINK_KEYS as readonly string[]).includes(key))
        throw new Error(`WEBLINK_PAGES: unknown web view "${key}"`);
      if (!allowed(url, hosts))
        throw new Error(`WEBLINK_PAGES: "${url}" is not a site path or an allowed https URL`);
      return { key, title, url };
    });
  return { hosts, pages };
}

function allowed(url: string, hosts: readonly string[]): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && hosts.includes(u.hostname);
  } catch {
    return false;
  }
}
