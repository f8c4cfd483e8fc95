import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { useCan, useGetIdentity, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ConsoleIdentity } from '../../providers/identity.ts';
import { Stacked } from '../../ui/cells.tsx';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { errorMessage } from '../../ui/filters.ts';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { GoodsCell } from '../../ui/GoodsCell.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { downloadExport, type OrderRow } from './api.ts';
import { exportQuery } from './filters.ts';
import { OrderFilterBar } from './OrderFilterBar.tsx';
import { ShipImportDialog } from './ShipImportDialog.tsx';
import { ORDER_STATUS_COLOR, ORDER_TABS } from './status.ts';
import { useOrderDialogs } from './useOrderDialogs.tsx';

/**
 * 订单: every order of the caller's stores, newest first: status tabs, filters (number, buyer,
 * payment, live room, store, times), search, sorting by time or amount; 发货, 备注, 批量发货 and
 * 导出 of the filtered list.
 */
export default function OrderList() {
  const { tableProps, filters, setFilters, sorters } = useTable<OrderRow>({
    resource: 'order',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
  });
  const { data: me } = useGetIdentity<ConsoleIdentity>();
  const { data: canWrite } = useCan({ resource: 'order', action: 'edit' });
  const canExport =
    me?.permissions.includes('*') || me?.permissions.includes('order.export') || false;
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const dialogs = useOrderDialogs();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportList() {
    setExporting(true);
    try {
      const sort = sorters[0];
      await downloadExport({
        ...exportQuery(filters),
        ...(sort ? { sort: sort.field, order: sort.order } : {}),
      });
      open?.({ type: 'success', message: '订单已导出' });
    } catch (e) {
      open?.({ type: 'error', message: '导出失败', description: errorMessage(e) });
    } finally {
      setExporting(false);
    }
  }

  const extra = (
    <Space>
      {canWrite?.can ? (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          批量发货
        </Button>
      ) : null}
      {canExport ? (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
          导出
        </Button>
      ) : null}
    </Space>
  );

  return (
    <PageFrame resource={{ label: '订单', section: 'orders' }} extra={extra}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <FilterTabs field="status" tabs={ORDER_TABS} filters={filters} setFilters={setFilters} />
        <SearchBox
          filters={filters}
          setFilters={setFilters}
          placeholder="订单号、手机号、收货人或商品"
          width={300}
        />
      </Flex>
      <OrderFilterBar filters={filters} setFilters={setFilters} operator={me?.storeIds === null} />
      <Table<OrderRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1500 }}>
        <Table.Column<OrderRow>
          title="订单号"
          dataIndex="orderNo"
          width={190}
          fixed="left"
          render={(no: string, row) => (
            <Link to={`/order/show/${row.id}`}>
              <Typography.Text copyable={{ text: no }} style={{ color: 'inherit' }}>
                {no}
              </Typography.Text>
            </Link>
          )}
        />
        <Table.Column<OrderRow>
          title="商品"
          key="goods"
          width={300}
          render={(_, row) => (
            <GoodsCell image={row.image} size={44}>
              <Typography.Paragraph
                ellipsis={{ rows: 2, tooltip: row.itemsSummary }}
                style={{ margin: 0, maxWidth: 230 }}
              >
                {row.itemsSummary}
              </Typography.Paragraph>
            </GoodsCell>
          )}
        />
        <Table.Column<OrderRow>
          title="买家"
          key="buyer"
          width={150}
          render={(_, row) => <Stacked main={row.buyerNickname} sub={[row.buyerPhone]} />}
        />
        <Table.Column<OrderRow> title="店铺" dataIndex="storeName" width={140} />
        <Table.Column<OrderRow>
          title="实付"
          dataIndex="payAmount"
          align="right"
          width={110}
          sorter
          defaultSortOrder={getDefaultSortOrder('payAmount', sorters)}
          render={(fen: number) => formatFen(fen)}
        />
        <Table.Column<OrderRow>
          title="状态"
          dataIndex="statusText"
          width={90}
          render={(text: string, row) => (
            <Tag color={ORDER_STATUS_COLOR[row.status] ?? 'default'}>{text}</Tag>
          )}
        />
        <Table.Column<OrderRow>
          title="支付方式 / 直播间"
          key="pay"
          width={140}
          render={(_, row) => (
            <div>
              {row.payMethodText || '—'}
              {row.liveRoomId ? (
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  直播间 {row.liveRoomId}
                </Typography.Text>
              ) : null}
            </div>
          )}
        />
        <Table.Column<OrderRow>
          title="下单时间"
          dataIndex="createdAt"
          width={170}
          sorter
          defaultSortOrder={getDefaultSortOrder('createdAt', sorters)}
          render={(at: string) => formatChinaTime(at)}
        />
        <Table.Column<OrderRow>
          title="支付时间"
          dataIndex="paidAt"
          width={170}
          sorter
          defaultSortOrder={getDefaultSortOrder('paidAt', sorters)}
          render={(at: string | null) => formatChinaTime(at)}
        />
        <Table.Column<OrderRow>
          title="商家备注"
          dataIndex="merchantRemark"
          width={140}
          render={(text: string) =>
            text ? (
              <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 120 }}>
                {text}
              </Typography.Text>
            ) : (
              '—'
            )
          }
        />
        <Table.Column<OrderRow>
          title="操作"
          key="actions"
          fixed="right"
          width={150}
          render={(_, row) => (
            <Space size={0}>
              <Link to={`/order/show/${row.id}`}>
                <Button type="link" size="small">
                  详情
                </Button>
              </Link>
              {canWrite?.can && row.status === 'unshipped' ? (
                <Button type="link" size="small" onClick={() => dialogs.ship(row)}>
                  发货
                </Button>
              ) : null}
              {canWrite?.can ? (
                <Button type="link" size="small" onClick={() => dialogs.remark(row)}>
                  备注
                </Button>
              ) : null}
            </Space>
          )}
        />
      </Table>
      {dialogs.dialogs}
      <ShipImportDialog
        open={importing}
        onClose={(changed) => {
          setImporting(false);
          if (changed) void invalidate({ resource: 'order', invalidates: ['list'] });
        }}
      />
    </PageFrame>
  );
}
