import { WebView } from '@tarojs/components';
import { getCurrentInstance } from '@tarojs/taro';
import { webPageUrl } from '../platform/config';

/**
 * A page not built natively yet: the web build's page at the same path in a <web-view>.
 * The web build is hash-routed, so `/pages/x/y?a=1` is `${WEB_ORIGIN}/#/pages/x/y?a=1`.
 * Not yet signed in there: the one-time login ticket comes in a later step.
 */
export default function WebViewPage() {
  const router = getCurrentInstance().router;
  const path = router?.path.split('?')[0] ?? '/';
  const params = Object.entries(router?.params ?? {}).filter(
    ([key, value]) => key !== '$taroTimestamp' && value !== undefined,
  ) as [string, string][];
  return <WebView src={webPageUrl(path, params)} />;
}
