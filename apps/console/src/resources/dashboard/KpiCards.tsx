import { ArrowDownOutlined, ArrowUpOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip, Typography, theme } from 'antd';
import type { Kpi } from './figures.ts';

/** The six figures of the period, each with its change against the period before. */
export function KpiCards(props: { kpis: Kpi[] | undefined; previousLabel: string }) {
  const { token } = theme.useToken();
  const tile = {
    background: token.colorBgContainer,
    borderRadius: token.borderRadiusLG,
    padding: `${token.padding}px ${token.paddingLG}px`,
    minHeight: 112,
  };
  return (
    <div
      data-testid="kpi-cards"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
        gap: token.margin,
        marginBottom: token.margin,
      }}
    >
      {(props.kpis ?? Array.from({ length: 6 }, () => undefined)).map((k, i) =>
        k ? (
          <div key={k.key} style={tile} data-kpi={k.key}>
            <Typography.Text type="secondary">
              {k.title}{' '}
              <Tooltip title={k.hint}>
                <QuestionCircleOutlined />
              </Tooltip>
            </Typography.Text>
            <div
              style={{ fontSize: 26, fontWeight: 600, margin: '6px 0', whiteSpace: 'nowrap' }}
              data-value
            >
              {k.value}
            </div>
            <Typography.Text
              style={{
                color:
                  k.trend === 'flat'
                    ? token.colorTextSecondary
                    : k.good
                      ? token.colorSuccess
                      : token.colorError,
              }}
            >
              {props.previousLabel}{' '}
              {k.trend === 'up' ? (
                <ArrowUpOutlined />
              ) : k.trend === 'down' ? (
                <ArrowDownOutlined />
              ) : null}{' '}
              {k.change}
            </Typography.Text>
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} style={tile}>
            <Typography.Text type="secondary">加载中…</Typography.Text>
          </div>
        ),
      )}
    </div>
  );
}
