import { NavBar } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { APP_NAME, PATHS } from '../../../ui/pageConfig.ts';
import { webLinkSandbox, webLinkTarget } from '../webLink.ts';
import '../service.css';

/** An in-app web view: ?title= in the bar, ?url= in a frame when it is ours or https. */
export default function WebLinkPage() {
  const [params] = useSearchParams();
  const goBack = useGoBack();
  const title = params.get('title')?.trim().slice(0, 30) || APP_NAME;
  const target = webLinkTarget(params.get('url'));

  // The layout sets the page config's title in its own effect, which runs after this page's:
  // the link's title goes in once that effect flush is over.
  useEffect(() => {
    queueMicrotask(() => {
      document.title = title === APP_NAME ? APP_NAME : `${title} - ${APP_NAME}`;
    });
  }, [title]);

  return (
    <div className="web-link">
      <header className="app-navbar">
        <NavBar onBack={() => goBack(PATHS.home)}>{title}</NavBar>
      </header>
      {target ? (
        <iframe
          className="web-link__frame"
          src={target.url}
          title={title}
          sandbox={webLinkSandbox(target.sameOrigin)}
          referrerPolicy="no-referrer"
          data-testid="web-link-frame"
        />
      ) : (
        <EmptyState icon={<LinkOutline />} title="无法打开该链接" description="链接无效或不安全" />
      )}
    </div>
  );
}
