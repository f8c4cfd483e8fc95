import { useTable } from '@refinedev/antd';
import { useCan, useNotification } from '@refinedev/core';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { errorMessage } from '../../ui/filters.ts';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useRowAction } from '../../ui/useRowAction.ts';
import { downloadPdf, type InvoiceRow, type InvoiceStatus, issueInvoice } from './api.ts';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'applying', label: '待开票' },
  { value: 'issued', label: '已开票' },
] as const satisfies readonly { value: InvoiceStatus | 'all'; label: string }[];

/** 发票: buyers' invoice requests on the caller's stores' orders; each issued as a PDF. */
export default function InvoiceList() {
  const { tableProps, filters, setFilters } = useTable<InvoiceRow>({
    resource: 'invoice',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: canWrite } = useCan({ resource: 'invoice', action: 'edit' });
  const { run, running } = useRowAction('invoice');
  const { open } = useNotification();
  const pdf = (row: InvoiceRow) =>
    downloadPdf(row.id, row.invoiceNo ?? String(row.id)).catch((e: unknown) =>
      open?.({ type: 'error', message: '下载失败', description: errorMessage(e) }),
    );

  return (
    <PageFrame resource={{ label: '发票', section: 'orders' }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <FilterTabs field="status" tabs={TABS} filters={filters} setFilters={setFilters} />
        <SearchBox filters={filters} setFilters={setFilters} placeholder="订单号或发票号码" />
      </Flex>
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
            ) : row.status === 'issued' ? (
              <Button type="link" size="small" onClick={() => void pdf(row)}>
                下载PDF
              </Button>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
      </Table>
    </PageFrame>
  );
}
