import { Table, Typography } from 'antd';
import { formatFen } from '../../ui/format.ts';
import type { TopProducts } from './api.ts';

type Row = TopProducts['list'][number];

/** The period's ten best products by GMV (net of their refunds). */
export function TopProductsTable(props: { data: TopProducts | undefined; loading: boolean }) {
  return (
    <Table<Row>
      data-testid="top-products"
      rowKey="productId"
      size="middle"
      pagination={false}
      loading={props.loading}
      dataSource={props.data?.list ?? []}
      locale={{ emptyText: '本期暂无成交' }}
    >
      <Table.Column<Row> title="排名" key="rank" width={64} render={(_, __, i) => i + 1} />
      <Table.Column<Row>
        title="商品"
        key="product"
        render={(_, row) => (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
            {row.image ? (
              <img src={row.image} alt="" width={40} height={40} style={{ objectFit: 'cover' }} />
            ) : null}
            <span>
              <Typography.Text>{row.title || `商品 ${row.productId}`}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                ID {row.productId}
              </Typography.Text>
            </span>
          </span>
        )}
      />
      {props.data?.storeId == null ? (
        <Table.Column<Row> title="店铺" dataIndex="storeName" width={180} />
      ) : null}
      <Table.Column<Row>
        title="成交额"
        dataIndex="gmv"
        width={140}
        align="right"
        render={(fen: number) => formatFen(fen)}
      />
      <Table.Column<Row> title="销量（件）" dataIndex="quantity" width={110} align="right" />
      <Table.Column<Row> title="订单数" dataIndex="orders" width={100} align="right" />
    </Table>
  );
}
