// Loaded lazily (React.lazy in DashboardPage): uPlot (~23 KB gz) is the chart library, drawn on
// canvas in the console's theme colours (antd's tokens), with a tooltip that follows the cursor.
import { theme } from 'antd';
import { useMemo } from 'react';
import uPlot from 'uplot';
import type { Funnel as FunnelData, Series } from './api.ts';
import { funnelRows } from './figures.ts';
import { Plot, type TipRow, tooltip } from './Plot.tsx';

const HEIGHT = 300;
const yuan = (fen: number) => fen / 100;
const money = (fen: number) =>
  `¥${yuan(fen).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** An axis figure: ¥ in 万 past ten thousand yuan. */
const axisYuan = (v: number) =>
  Math.abs(v) >= 10_000 ? `${(v / 10_000).toLocaleString('zh-CN')}万` : v.toLocaleString('zh-CN');

type Token = ReturnType<typeof theme.useToken>['token'];

function axis(token: Token, extra: uPlot.Axis): uPlot.Axis {
  const line = { stroke: token.colorBorderSecondary, width: 1 };
  return {
    stroke: token.colorTextSecondary,
    font: `12px ${token.fontFamily}`,
    grid: line,
    ticks: { ...line, size: 4 },
    ...extra,
  };
}

/** Every n-th label, so that 24 hours or 30 days do not crowd the axis. */
const everyNth = (count: number) => {
  const n = count > 20 ? Math.ceil(count / 8) : count > 12 ? 2 : 1;
  return Array.from({ length: count }, (_, i) => i).filter((i) => i % n === 0);
};

function Legend(props: { items: { color: string; label: string; dashed?: boolean }[] }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', gap: 16, fontSize: 12, color: token.colorTextSecondary }}>
      {props.items.map((it) => (
        <span key={it.label} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span
            style={{ width: 16, borderTop: `2px ${it.dashed ? 'dashed' : 'solid'} ${it.color}` }}
          />
          {it.label}
        </span>
      ))}
    </div>
  );
}

/** GMV over the period (by China hour today, else by day), this period against the one before. */
export function GmvChart(props: { series: Series; currentName: string; previousName: string }) {
  const { token } = theme.useToken();
  const { series, currentName, previousName } = props;
  // Stable across renders: a new array would rebuild the chart each time the page re-renders.
  const labels = useMemo(() => series.current.map((p) => p.label), [series]);
  const before = token.colorTextQuaternary;
  const options = useMemo<Omit<uPlot.Options, 'width'>>(() => {
    const rows = (_u: uPlot, i: number): TipRow[] => [
      { label: labels[i] ?? '' },
      ...[
        { name: currentName, color: token.colorPrimary, s: series.current[i] },
        { name: previousName, color: before, s: series.previous[i] },
      ].map((r) => ({
        color: r.color,
        label: r.name,
        value: r.s ? `${money(r.s.gmv)} · ${r.s.orders} 单` : '—',
      })),
    ];
    return {
      height: HEIGHT,
      legend: { show: false },
      padding: [8, 8, 0, 0],
      // A vertical line at the hovered hour/day (no horizontal one: the tooltip has the figures).
      cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 }, y: false },
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      series: [
        {},
        {
          label: currentName,
          stroke: token.colorPrimary,
          width: 2,
          fill: `${token.colorPrimary}22`,
          points: { show: false },
        },
        { label: previousName, stroke: before, width: 1.5, dash: [5, 4], points: { show: false } },
      ],
      axes: [
        axis(token, {
          splits: () => everyNth(labels.length),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          grid: { show: false },
        }),
        axis(token, { size: 56, values: (_u, splits) => splits.map(axisYuan) }),
      ],
      plugins: [tooltip(token, rows)],
    };
  }, [token, labels, series, currentName, previousName, before]);
  const data = useMemo<uPlot.AlignedData>(
    () => [
      labels.map((_, i) => i),
      series.current.map((p) => yuan(p.gmv)),
      series.current.map((_, i) => {
        const p = series.previous[i];
        return p ? yuan(p.gmv) : null;
      }),
    ],
    [labels, series],
  );
  return (
    <>
      <Legend
        items={[
          { color: token.colorPrimary, label: `${currentName}成交额（元）` },
          { color: before, label: previousName, dashed: true },
        ]}
      />
      <Plot options={options} data={data} testId="gmv-plot" />
    </>
  );
}

/** 浏览 → 加购 → 下单 → 支付 of the period: distinct users per step, as horizontal bars. */
export function FunnelChart(props: { funnel: FunnelData }) {
  const { token } = theme.useToken();
  const rows = useMemo(() => funnelRows(props.funnel.steps), [props.funnel.steps]);
  const options = useMemo<Omit<uPlot.Options, 'width'>>(() => {
    const tipRows = (_u: uPlot, i: number): TipRow[] => {
      const r = rows[i];
      if (!r) return [];
      return [
        { label: r.name },
        { color: token.colorPrimary, label: '人数', value: String(r.count) },
        ...(i > 0
          ? [
              { label: '较上一步', value: r.stepRate },
              { label: '较浏览', value: r.overallRate },
            ]
          : []),
      ];
    };
    return {
      height: HEIGHT,
      legend: { show: false },
      padding: [8, 56, 0, 0],
      cursor: {
        drag: { x: false, y: false, setScale: false },
        points: { show: false },
        // No crosshair: the hovered bar is the one under the pointer (horizontal bars put the
        // x scale on the vertical axis).
        x: false,
        y: false,
      },
      scales: {
        // The steps run down the left side, the first at the top.
        x: { time: false, ori: 1, dir: -1, range: [-0.5, rows.length - 0.5] },
        y: { ori: 0, range: (_u, _min, max) => [0, max > 0 ? max : 4] },
      },
      series: [
        {},
        {
          label: '人数',
          fill: token.colorPrimary,
          stroke: token.colorPrimary,
          paths: uPlot.paths.bars?.({ size: [0.6, 44] }),
          points: { show: false },
        },
      ],
      axes: [
        axis(token, {
          side: 3,
          size: 84,
          splits: () => rows.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => rows[i]?.name ?? ''),
          grid: { show: false },
          ticks: { show: false },
        }),
        // People come whole: integer ticks only.
        axis(token, {
          side: 2,
          size: 36,
          values: (_u, splits) =>
            splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('zh-CN') : '')),
        }),
      ],
      hooks: {
        // Each bar's count at its end (the chart's padding leaves room for it).
        draw: [
          (u) => {
            const { ctx } = u;
            ctx.save();
            ctx.font = `${Math.round(12 * devicePixelRatio)}px ${token.fontFamily}`;
            ctx.fillStyle = token.colorText;
            ctx.textBaseline = 'middle';
            rows.forEach((r, i) => {
              const x = u.valToPos(r.count, 'y', true) + 6 * devicePixelRatio;
              const y = u.valToPos(i, 'x', true);
              ctx.fillText(String(r.count), x, y);
            });
            ctx.restore();
          },
        ],
      },
      plugins: [tooltip(token, tipRows)],
    };
  }, [token, rows]);
  const data = useMemo<uPlot.AlignedData>(
    () => [rows.map((_, i) => i), rows.map((r) => r.count)],
    [rows],
  );
  return <Plot options={options} data={data} testId="funnel-plot" />;
}
