import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Steps } from 'antd-mobile';
import { LocationFill, TruckOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime } from '../../../core/format.ts';
import { logisticsQuery } from '../../../ui/logistics/logisticsQuery.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import '../../../ui/logistics/logistics.css';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showSuccess('运单号已复制');
  } catch {
    showToast(`运单号：${text}`);
  }
}

/** viewLogistics: carrier, tracking number, state and every scan, newest first. */
export default function LogisticsPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const query = useQuery({ ...logisticsQuery(orderNo), enabled: Boolean(orderNo) });

  if (!orderNo || query.isError) {
    const error = query.error;
    const known = isApiError(error) && (error.code === 404 || error.code === 409);
    return (
      <ErrorBlock
        status="empty"
        title={!orderNo ? '订单不存在' : known ? error.msg : '加载失败'}
        description={known || !orderNo ? '' : '请返回后重试'}
      />
    );
  }
  const data = query.data;
  if (!data) return <PageLoading />;

  return (
    <div className="logistics">
      <section className="card logistics__head">
        <TruckOutline className="logistics__icon" />
        <div className="logistics__head-body">
          <div className="logistics__state" data-testid="logistics-state">
            {data.stateText}
          </div>
          <div className="logistics__no">
            {data.carrier} {data.trackingNo}
            <button type="button" onClick={() => void copy(data.trackingNo)}>
              复制
            </button>
          </div>
          {data.autoConfirmAt && (
            <div className="logistics__hint">
              {formatDateTime(data.autoConfirmAt)} 将自动确认收货
            </div>
          )}
        </div>
      </section>
      <section className="card logistics__route">
        <div className="logistics__receiver">
          <LocationFill className="logistics__pin" />
          <span>【收货地址】{data.receiver}</span>
        </div>
        <Steps direction="vertical" current={0}>
          {data.steps.map((step, i) => (
            <Steps.Step
              key={`${step.time}-${step.state}`}
              status={i === 0 ? 'process' : 'finish'}
              title={<span className="logistics__text">{step.text}</span>}
              description={formatDateTime(step.time)}
            />
          ))}
        </Steps>
      </section>
    </div>
  );
}
