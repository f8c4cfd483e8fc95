import { ErrorBlock } from 'antd-mobile';
import { useCallback } from 'react';
import { usePageRefresh } from '../../../ui/PageFrame.tsx';
import '../live.css';

/**
 * Live streaming is not built yet: say so honestly instead of showing made-up rooms.
 * Pull-to-refresh is kept (page config) so the gesture works once rooms exist.
 */
export default function LivePage() {
  usePageRefresh(useCallback(() => new Promise((resolve) => setTimeout(resolve, 400)), []));
  return (
    <div className="live">
      <header className="live-header">
        <h1 className="live-header__title">直播</h1>
        <p className="live-header__sub">边看边买，好物实时讲解</p>
      </header>
      <div className="live__empty card">
        <ErrorBlock
          status="empty"
          title="暂无直播"
          description="主播们正在准备中，晚点再来看看吧"
        />
      </div>
    </div>
  );
}
