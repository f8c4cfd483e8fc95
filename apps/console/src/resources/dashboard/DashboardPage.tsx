import { QuestionCircleOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Alert, Segmented, Space, Spin, Tooltip, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleIdentity } from '../../providers/identity.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import {
  type DashboardRange,
  loadFunnel,
  loadSeries,
  loadSummary,
  loadTopProducts,
} from './api.ts';
import { funnelRows, kpis, RANGES } from './figures.ts';
import { KpiCards } from './KpiCards.tsx';
import { StorePicker } from './StorePicker.tsx';
import { TopProductsTable } from './TopProductsTable.tsx';

// The chart library (uPlot) is a chunk of its own, fetched with this page's data.
const GmvChart = lazy(() => import('./DashboardCharts.tsx').then((m) => ({ default: m.GmvChart })));
const FunnelChart = lazy(() =>
  import('./DashboardCharts.tsx').then((m) => ({ default: m.FunnelChart })),
);

const isRange = (v: string | null): v is DashboardRange => RANGES.some((r) => r.value === v);

function Panel(props: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <section
      data-testid={props.testId}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        minWidth: 0,
      }}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {props.title}
      </Typography.Title>
      {props.children}
      {props.extra}
    </section>
  );
}

const FUNNEL_HINT =
  '本期去重的登录用户数：浏览过商品的人中，有多少人也加购了；其中又有多少人提交了订单、完成了支付。每一步都只算走过前面所有步骤的人，所以转化率不超过100%；未浏览商品就下单的（再次购买、秒杀链接等）不计入漏斗，未登录的浏览也不计入。';

const chartLoading = <Spin style={{ display: 'block', margin: '120px auto' }} />;

/** 经营概览: the period's figures against the one before, GMV by hour/day, the funnel, top products. */
export default function DashboardPage() {
  const { token } = theme.useToken();
  const { data: me } = useGetIdentity<ConsoleIdentity>();
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get('range');
  const range: DashboardRange = isRange(rangeParam) ? rangeParam : 'today';
  const storeParam = Number(params.get('storeId'));
  const operator = me?.storeIds === null;
  const storeId = operator && storeParam > 0 ? storeParam : undefined;
  const q = { range, ...(storeId ? { storeId } : {}) };
  const key = `${range}:${storeId ?? ''}`;
  const summary = useLoad(() => loadSummary(q), key);
  const series = useLoad(() => loadSeries(q), key);
  const funnel = useLoad(() => loadFunnel(q), key);
  const top = useLoad(() => loadTopProducts(q), key);
  const meta = RANGES.find((r) => r.value === range) ?? { label: '今日', previous: '较昨日' };
  const set = (next: { range?: DashboardRange; storeId?: number }) => {
    const p = new URLSearchParams(params);
    if (next.range) p.set('range', next.range);
    if ('storeId' in next) {
      if (next.storeId) p.set('storeId', String(next.storeId));
      else p.delete('storeId');
    }
    setParams(p, { replace: true });
  };
  const s = summary.data;
  const error = summary.error ?? series.error ?? funnel.error ?? top.error;
  const funnelSteps = funnel.data ? funnelRows(funnel.data.steps) : [];

  return (
    <PageFrame
      resource={{ label: '经营概览', section: 'overview' }}
      title={
        <>
          经营概览
          <Typography.Text type="secondary" style={{ fontSize: 14, marginLeft: 12 }}>
            {s
              ? `${s.storeName ?? '全平台'} · ${s.current.from === s.current.to ? s.current.from : `${s.current.from} 至 ${s.current.to}`}（北京时间）`
              : ''}
          </Typography.Text>
        </>
      }
      extra={
        <Space>
          {operator ? (
            <StorePicker
              value={storeId}
              label={s?.storeId && s.storeName ? `${s.storeName}（${s.storeId}）` : undefined}
              onChange={(id) => set({ storeId: id })}
            />
          ) : null}
          <Segmented<DashboardRange>
            data-testid="range-switch"
            value={range}
            options={RANGES.map((r) => ({ value: r.value, label: r.label }))}
            onChange={(value) => set({ range: value })}
          />
        </Space>
      }
      bare
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <KpiCards
        kpis={s ? kpis(s.current, s.previous, s.storeId === null) : undefined}
        previousLabel={meta.previous}
      />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
          gap: token.margin,
          marginBottom: token.margin,
        }}
      >
        <Panel title={range === 'today' ? '成交额（按小时）' : '成交额（按天）'} testId="gmv-chart">
          {series.data ? (
            <Suspense fallback={chartLoading}>
              <GmvChart
                series={series.data}
                currentName={meta.label}
                previousName={meta.previous.replace('较', '')}
              />
            </Suspense>
          ) : (
            chartLoading
          )}
        </Panel>
        <Panel
          title={
            <>
              交易漏斗（人数）{' '}
              <Tooltip title={FUNNEL_HINT}>
                <QuestionCircleOutlined
                  data-testid="funnel-hint"
                  style={{ fontSize: 14, color: token.colorTextTertiary }}
                />
              </Tooltip>
            </>
          }
          testId="funnel-chart"
          extra={
            funnel.data ? (
              <Typography.Text type="secondary">
                {funnelSteps
                  .slice(1)
                  .map((step) => `${step.name} ${step.stepRate}`)
                  .join(' · ')}
              </Typography.Text>
            ) : null
          }
        >
          {funnel.data ? (
            <Suspense fallback={chartLoading}>
              <FunnelChart funnel={funnel.data} />
            </Suspense>
          ) : (
            chartLoading
          )}
        </Panel>
      </div>
      <Panel title="商品成交排行（前10）">
        <TopProductsTable data={top.data} loading={top.loading} />
      </Panel>
    </PageFrame>
  );
}
