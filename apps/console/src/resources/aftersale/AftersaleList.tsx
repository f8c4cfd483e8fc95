import { useTable } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Stacked } from '../../ui/cells.tsx';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { GoodsCell } from '../../ui/GoodsCell.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Thumbnails } from '../../ui/Thumbnails.tsx';
import { useRowAction } from '../../ui/useRowAction.ts';
import { approveRefund, type RefundRow, receiveReturn, rejectRefund } from './api.ts';
import { RefundDrawer } from './RefundDrawer.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { REFUND_STATUS_COLOR, REFUND_TABS } from './status.ts';

/** The 订单 list searched for one order number (refine's filters in the URL). */
const orderLink = (orderNo: string) =>
  `/order?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${encodeURIComponent(orderNo)}`;

/**
 * 售后: the after-sales requests of the caller's stores, newest first: the buyer's reason, words
 * and photos beside the line, 同意 / 驳回 (with a reason) / 确认收货, and each request's timeline.
 */
export default function AftersaleList() {
  const { tableProps, filters, setFilters } = useTable<RefundRow>({
    resource: 'refund',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: canWrite } = useCan({ resource: 'refund', action: 'edit' });
  const { run, running } = useRowAction('refund');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [showing, setShowing] = useState<string | null>(null);

  const actions = (row: RefundRow) => {
    if (!canWrite?.can) return null;
    const busy = running === row.refundNo;
    if (row.status === 'pending') {
      return (
        <Space size={4}>
          <Popconfirm
            title={
              row.type === 'return' ? '同意退货？买家寄回后再确认收货退款' : '同意并立即退款？'
            }
            okText="同意"
            onConfirm={() => run(row.refundNo, '已同意售后申请', () => approveRefund(row.refundNo))}
          >
            <Button type="link" size="small" loading={busy}>
              同意
            </Button>
          </Popconfirm>
          <Button type="link" size="small" danger onClick={() => setRejecting(row.refundNo)}>
            驳回
          </Button>
        </Space>
      );
    }
    if (row.status === 'returning') {
      return (
        <Popconfirm
          title="确认已收到退货？将原路退款给买家"
          okText="确认收货"
          onConfirm={() =>
            run(row.refundNo, '已确认收货，退款已发起', () => receiveReturn(row.refundNo))
          }
        >
          <Button type="link" size="small" loading={busy}>
            确认收货
          </Button>
        </Popconfirm>
      );
    }
    return null;
  };

  return (
    <PageFrame resource={{ label: '售后', section: 'orders' }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <FilterTabs field="status" tabs={REFUND_TABS} filters={filters} setFilters={setFilters} />
        <Space>
          <FilterSelect
            field="type"
            placeholder="售后类型"
            width={130}
            options={[
              { value: 'refund', label: '仅退款' },
              { value: 'return', label: '退货退款' },
            ]}
            filters={filters}
            setFilters={setFilters}
          />
          <SearchBox filters={filters} setFilters={setFilters} placeholder="售后单号或订单号" />
        </Space>
      </Flex>
      <Table<RefundRow> {...tableProps} rowKey="refundNo" size="middle" scroll={{ x: 1600 }}>
        <Table.Column<RefundRow>
          title="商品"
          key="goods"
          width={320}
          render={(_, row) => (
            <GoodsCell image={row.image} size={48}>
              <div>
                <Typography.Text ellipsis style={{ maxWidth: 240, display: 'block' }}>
                  {row.title}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {row.skuName} × {row.quantity}
                </Typography.Text>
              </div>
            </GoodsCell>
          )}
        />
        <Table.Column<RefundRow>
          title="售后单号 / 订单号"
          key="numbers"
          width={230}
          render={(_, row) => (
            <div>
              <Typography.Text copyable>{row.refundNo}</Typography.Text>
              <br />
              <Link to={orderLink(row.orderNo)}>
                <Typography.Text type="secondary">{row.orderNo}</Typography.Text>
              </Link>
            </div>
          )}
        />
        <Table.Column<RefundRow>
          title="买家 / 店铺"
          key="buyer"
          width={150}
          render={(_, row) => (
            <Stacked main={row.buyerNickname} sub={[row.buyerPhone, row.storeName]} />
          )}
        />
        <Table.Column<RefundRow>
          title="原因 / 说明"
          key="reason"
          width={220}
          render={(_, row) => (
            <div>
              <Typography.Text>{row.reason}</Typography.Text>
              {row.description ? (
                <Typography.Paragraph
                  type="secondary"
                  ellipsis={{ rows: 2, tooltip: row.description }}
                  style={{ margin: 0 }}
                >
                  {row.description}
                </Typography.Paragraph>
              ) : null}
              {row.rejectReason ? (
                <Typography.Text type="danger" style={{ display: 'block' }}>
                  驳回：{row.rejectReason}
                </Typography.Text>
              ) : null}
            </div>
          )}
        />
        <Table.Column<RefundRow>
          title="凭证"
          dataIndex="images"
          width={150}
          render={(images: string[]) => <Thumbnails images={images} />}
        />
        <Table.Column<RefundRow>
          title="类型"
          dataIndex="typeText"
          render={(text: string, row) => (
            <Tag color={row.type === 'return' ? 'purple' : 'cyan'}>{text}</Tag>
          )}
        />
        <Table.Column<RefundRow>
          title="退款金额"
          dataIndex="amount"
          align="right"
          render={(fen: number) => formatFen(fen)}
        />
        <Table.Column<RefundRow>
          title="状态"
          dataIndex="statusText"
          render={(text: string, row) => (
            <Tag color={REFUND_STATUS_COLOR[row.status] ?? 'default'}>{text}</Tag>
          )}
        />
        <Table.Column<RefundRow>
          title="申请时间"
          dataIndex="createdAt"
          width={170}
          render={(at: string) => formatChinaTime(at)}
        />
        <Table.Column<RefundRow>
          title="操作"
          key="actions"
          fixed="right"
          width={170}
          render={(_, row) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setShowing(row.refundNo)}>
                详情
              </Button>
              {actions(row)}
            </Space>
          )}
        />
      </Table>
      <RefundDrawer refundNo={showing} onClose={() => setShowing(null)} />
      <RejectDialog
        refundNo={rejecting}
        busy={rejecting !== null && running === rejecting}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          const refundNo = rejecting;
          if (!refundNo) return;
          if (await run(refundNo, '已驳回售后申请', () => rejectRefund(refundNo, reason))) {
            setRejecting(null);
          }
        }}
      />
    </PageFrame>
  );
}
