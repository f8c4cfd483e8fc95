import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { pointsHomeQuery } from '../api.ts';
import { PointsRules } from '../components/PointsRules.tsx';
import '../../wallet/wallet.css';
import '../points.css';

/**
 * bottomLayer (积分规则). The points per sign-in, the streak bonuses and the first-order points are
 * operator settings, so they come from points/home rather than the contract defaults.
 */
export default function RulesPage() {
  const home = useQuery(pointsHomeQuery());
  if (home.isError && !home.data) {
    return (
      <ErrorBlock status="default" title="加载失败" description="请稍后重试">
        <button type="button" className="wl-link" onClick={() => void home.refetch()}>
          重新加载
        </button>
      </ErrorBlock>
    );
  }
  if (!home.data) return <PageLoading />;
  return (
    <div className="pt-rule-page card">
      <PointsRules rules={home.data.rules} />
    </div>
  );
}
