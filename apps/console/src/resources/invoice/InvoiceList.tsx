import { useTable } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { useRowAction } from '../../ui/useRowAction.ts';
import { type InvoiceRow, type InvoiceStatus, issueInvoice } from './api.ts';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'applying', label: '待开票' },
  { value: 'issued', label: '已开票' },
] as const satisfies readonly { value: InvoiceStatus | 'all'; label: string }[];

/** 发票: buyers' invoice requests on received orders; the operator issues each (a PDF). */
export default function InvoiceList() {
  const { tableProps, filters, setFilters } = useTable<InvoiceRow>({
    resource: 'invoice',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: canWrite } = useCan({ resource: 'invoice', action: 'edit' });
  const { run, running } = useRowAction('invoice');

  return (
    <PageFrame resource={{ label: '发票', section: 'orders' }}>
      <FilterTabs field="status" tabs={TABS} filters={filters} setFilters={setFilters} />
      <Table<InvoiceRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1100 }}>
        <Table.Column<InvoiceRow>
          title="发票抬头"
          key="title"
          width={260}
          render={(_, row) => (
            <div>
              <Space size={6}>
                <Tag color={row.titleType === 'company' ? 'geekblue' : 'default'}>
                  {row.titleType === 'company' ? '企业' : '个人'}
                </Tag>
                <Typography.Text strong>{row.titleName}</Typography.Text>
              </Space>
              {row.taxNo ? (
                <Typography.Text type="secondary" copyable style={{ display: 'block' }}>
                  税号 {row.taxNo}
                </Typography.Text>
              ) : null}
            </div>
          )}
        />
        <Table.Column<InvoiceRow>
          title="订单号"
          dataIndex="orderNo"
          render={(no: string) => <Typography.Text copyable>{no}</Typography.Text>}
        />
        <Table.Column<InvoiceRow> title="店铺" dataIndex="storeName" />
        <Table.Column<InvoiceRow>
          title="开票金额"
          dataIndex="amount"
          align="right"
          render={(fen: number) => formatFen(fen)}
        />
        <Table.Column<InvoiceRow>
          title="状态"
          dataIndex="statusText"
          render={(text: string, row) => (
            <Tag color={row.status === 'issued' ? 'green' : 'orange'}>{text}</Tag>
          )}
        />
        <Table.Column<InvoiceRow>
          title="发票号码"
          dataIndex="invoiceNo"
          render={(no: string | null) => no ?? '—'}
        />
        <Table.Column<InvoiceRow>
          title="申请 / 开票时间"
          key="times"
          render={(_, row) => (
            <div>
              {formatChinaTime(row.appliedAt)}
              <br />
              <Typography.Text type="secondary">{formatChinaTime(row.issuedAt)}</Typography.Text>
            </div>
          )}
        />
        <Table.Column<InvoiceRow>
          title="操作"
          key="actions"
          fixed="right"
          render={(_, row) =>
            row.status === 'applying' && canWrite?.can ? (
              <Popconfirm
                title="开具这张发票？买家将收到通知并可下载PDF"
                okText="开具"
                onConfirm={() => run(String(row.id), '发票已开具', () => issueInvoice(row.id))}
              >
                <Button type="link" size="small" loading={running === String(row.id)}>
                  开具发票
                </Button>
              </Popconfirm>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
      </Table>
    </PageFrame>
  );
}
