import { useQuery } from '@tanstack/react-query';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { pointsHomeQuery } from '../api.ts';
import { PointsRules } from '../components/PointsRules.tsx';
import '../../../ui/bills/wallet.css';
import '../points.css';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';

/**
 * bottomLayer (积分规则). The points per sign-in, the streak bonuses and the first-order points are
 * operator settings, so they come from points/home rather than the contract defaults.
 */
export default function RulesPage() {
  const home = useQuery(pointsHomeQuery());
  if (home.isError && !home.data) {
    return <LoadFailed onRetry={() => void home.refetch()} linkClassName="wl-link" />;
  }
  if (!home.data) return <PageLoading />;
  return (
    <div className="pt-rule-page card">
      <PointsRules rules={home.data.rules} />
    </div>
  );
}
