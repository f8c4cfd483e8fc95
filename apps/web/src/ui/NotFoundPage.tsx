import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PATHS } from './pageConfig.ts';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="route-error">
      <ErrorBlock status="empty" title="页面不存在" description="该功能正在建设中，敬请期待" />
      <Button
        color="primary"
        shape="rounded"
        onClick={() => navigate(PATHS.home, { replace: true })}
      >
        返回首页
      </Button>
    </div>
  );
}
