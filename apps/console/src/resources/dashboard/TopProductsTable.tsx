import { Spin, theme } from 'antd';
import type { CSSProperties } from 'react';
import { formatFen } from '../../ui/format.ts';
import type { TopProducts } from './api.ts';

/**
 * The period's ten best products by GMV (net of their refunds). A plain table, not antd's Table:
 * ten rows need no paging, sorting or virtual scroll, and Table is ~38 KB gz of the landing page.
 */
export function TopProductsTable(props: { data: TopProducts | undefined; loading: boolean }) {
  const { token } = theme.useToken();
  const rows = props.data?.list ?? [];
  const withStore = props.data?.storeId == null;
  const cell: CSSProperties = {
    padding: `${token.paddingSM}px ${token.padding}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };
  const head: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    textAlign: 'left',
  };
  const right: CSSProperties = { textAlign: 'right' };
  return (
    <Spin spinning={props.loading}>
      <table data-testid="top-products" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={{ ...head, width: 64 }}>排名</th>
            <th style={head}>商品</th>
            {withStore ? <th style={{ ...head, width: 180 }}>店铺</th> : null}
            <th style={{ ...head, ...right, width: 140 }}>成交额</th>
            <th style={{ ...head, ...right, width: 110 }}>销量（件）</th>
            <th style={{ ...head, ...right, width: 100 }}>订单数</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.productId}>
              <td style={cell}>{i + 1}</td>
              <td style={cell}>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
                  {row.image ? (
                    <img
                      src={row.image}
                      alt=""
                      width={40}
                      height={40}
                      style={{ objectFit: 'cover' }}
                    />
                  ) : null}
                  <span>
                    {row.title || `商品 ${row.productId}`}
                    <span style={{ display: 'block', color: token.colorTextSecondary }}>
                      ID {row.productId}
                    </span>
                  </span>
                </span>
              </td>
              {withStore ? <td style={cell}>{row.storeName}</td> : null}
              <td style={{ ...cell, ...right }}>{formatFen(row.gmv)}</td>
              <td style={{ ...cell, ...right }}>{row.quantity}</td>
              <td style={{ ...cell, ...right }}>{row.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!props.loading && rows.length === 0 ? (
        <p style={{ textAlign: 'center', color: token.colorTextSecondary, padding: token.padding }}>
          本期暂无成交
        </p>
      ) : null}
    </Spin>
  );
}
