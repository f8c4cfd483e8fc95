import { WebView } from '@tarojs/components';
import { getCurrentInstance } from '@tarojs/taro';
import { useEffect, useState } from 'react';
import { api } from '../platform/api';
import { webPageUrl } from '../platform/config';
import { isLoggedIn } from '../platform/session';

/** The web build's parameter for the one-time sign-in ticket (apps/web/src/core/webTicket.ts). */
const WEB_TICKET_PARAM = 'webTicket';

/**
 * A page not built natively yet: the web build's page at the same path in a <web-view>.
 * The web build is hash-routed, so `/pages/x/y?a=1` is `${WEB_ORIGIN}/#/pages/x/y?a=1`.
 * A <web-view> shares no storage with the mini-program: a signed-in user's page carries a
 * one-time ticket (60 s) that the web page exchanges for its own session, so the session token
 * itself never goes into a URL. Without one (signed out, or the ticket refused) the page opens
 * signed out and asks for a login as the web app does.
 */
export default function WebViewPage() {
  const router = getCurrentInstance().router;
  const path = router?.path.split('?')[0] ?? '/';
  const params = Object.entries(router?.params ?? {}).filter(
    ([key, value]) => key !== '$taroTimestamp' && key !== WEB_TICKET_PARAM && value !== undefined,
  ) as [string, string][];
  const [src, setSrc] = useState<string | null>(isLoggedIn() ? null : webPageUrl(path, params));
  useEffect(() => {
    if (src !== null) return;
    api
      .post('user/webTicket', {})
      .then(({ ticket }) => setSrc(webPageUrl(path, [...params, [WEB_TICKET_PARAM, ticket]])))
      .catch(() => setSrc(webPageUrl(path, params)));
  }, [src, path, params]);
  return src === null ? null : <WebView src={src} />;
}
