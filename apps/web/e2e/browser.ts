import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

export const ARTIFACTS = resolve(import.meta.dirname, '../.test-artifacts');

/** Chromium flags for a microphone/camera that needs no device and no permission prompt. */
export const FAKE_MEDIA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** Debian's chromium; never a downloaded browser. `extraArgs` e.g. FAKE_MEDIA. */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** localStorage key and day format of the home popup's once-a-day memory (HomePopupDialog.tsx). */
const HOME_POPUP_SEEN_KEY = 'chaopin.homePopupDay';

/**
 * An iPhone-12-sized phone: 390×844, touch, mobile viewport meta honoured. The operator's home
 * popup counts as already seen today (it would cover the home page), unless `homePopup` is set.
 * `timezoneId` sets the phone's own zone (China's unless a test plays a phone abroad).
 */
export async function phone(
  browser: Browser,
  baseURL: string,
  { homePopup = false, timezoneId = 'Asia/Shanghai' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  if (!homePopup) {
    await context.addInitScript((key) => {
      // Today's China day (UTC+8), as core/format.ts's formatDate writes it: 2026-03-07.
      const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      // Init scripts run in every frame: a sandboxed one (the in-app web view) has no storage.
      try {
        localStorage.setItem(key, day);
      } catch {}
    }, HOME_POPUP_SEEN_KEY);
  }
  return context;
}

export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Let toasts and transitions settle enough to be readable in the picture.
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** A random phone number matching the contracts' PHONE_REGEX (139xxxxxxxx). */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * What sticks out of the viewport on the page as shown now: each visible element whose box
 * reaches past the right edge (or the page itself scrolling sideways), described for a failure
 * message. Elements inside a scroller that clips them (a carousel, a tab strip) do not count.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const clippedByScroller = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' && s.overflowX !== 'clip') return true;
        if (s.overflowX === 'clip' || s.overflow === 'hidden') return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.display === 'none' || s.position === 'fixed') continue;
      if (r.right > width + 1 && !clippedByScroller(el)) {
        const text = (el.textContent ?? '').trim().slice(0, 20);
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)} "${text}" right=${Math.round(r.right)}`,
        );
      }
    }
    return out.slice(0, 10);
  });
}

/**
 * The console as staff see it: a 1440×900 desktop context in China's locale and time zone, and its
 * page with uncaught errors collected into `errors` (each console file checks it stays empty).
 */
export async function consoleDesk(
  browser: Browser,
  baseURL: string,
  errors: string[],
  options: BrowserContextOptions = {},
): Promise<{ desk: BrowserContext; page: Page }> {
  const desk = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...options,
  });
  const page = await desk.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return { desk, page };
}
