import { useGetIdentity } from '@refinedev/core';
import { Alert, Segmented, Space, Spin, Typography, theme } from 'antd';
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
import { conversions, kpis, RANGES } from './figures.ts';
import { KpiCards } from './KpiCards.tsx';
import { StorePicker } from './StorePicker.tsx';
import { TopProductsTable } from './TopProductsTable.tsx';

// The chart library is a chunk of its own, fetched when this page shows its charts.
const GmvChart = lazy(() => import('./DashboardCharts.tsx').then((m) => ({ default: m.GmvChart })));
const FunnelChart = lazy(() =>
  import('./DashboardCharts.tsx').then((m) => ({ default: m.FunnelChart })),
);

const isRange = (v: string | null): v is DashboardRange => RANGES.some((r) => r.value === v);

function Panel(props: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
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
  const counts = funnel.data?.steps.map((x) => x.count) ?? [];
  const rates = conversions(counts);

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
            <StorePicker value={storeId} onChange={(id) => set({ storeId: id })} />
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
          title="交易漏斗"
          testId="funnel-chart"
          extra={
            funnel.data ? (
              <Typography.Text type="secondary">
                {funnel.data.steps
                  .slice(1)
                  .map((step, i) => `${step.name} ${rates[i]}`)
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
