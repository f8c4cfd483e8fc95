import { Alert, Descriptions, Drawer, Spin, Tag, Timeline, Typography } from 'antd';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { Thumbnails } from '../../ui/Thumbnails.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { loadRefund } from './api.ts';
import { REFUND_STATUS_COLOR } from './status.ts';

/** 售后详情: the request as the buyer made it, the return parcel, and its timeline. */
export function RefundDrawer(props: { refundNo: string | null; onClose: () => void }) {
  return (
    <Drawer title="售后详情" width={560} open={props.refundNo !== null} onClose={props.onClose}>
      {props.refundNo ? <RefundBody refundNo={props.refundNo} /> : null}
    </Drawer>
  );
}

function RefundBody({ refundNo }: { refundNo: string }) {
  const refund = useLoad(() => loadRefund(refundNo), refundNo);
  const r = refund.data;
  if (refund.error) return <Alert type="error" showIcon message={refund.error} />;
  if (!r) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label="售后单号">{r.refundNo}</Descriptions.Item>
        <Descriptions.Item label="订单号">{r.orderNo}</Descriptions.Item>
        <Descriptions.Item label="商品">
          {r.title}{' '}
          <Typography.Text type="secondary">
            {r.skuName} × {r.quantity}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="类型">{r.typeText}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={REFUND_STATUS_COLOR[r.status] ?? 'default'}>{r.statusText}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="退款金额">{formatFen(r.amount)}</Descriptions.Item>
        <Descriptions.Item label="退款去向">{r.refundToText}</Descriptions.Item>
        <Descriptions.Item label="买家">
          {r.buyerNickname || '—'}{' '}
          <Typography.Text type="secondary">{r.buyerPhone}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="原因">{r.reason}</Descriptions.Item>
        <Descriptions.Item label="说明">{r.description || '—'}</Descriptions.Item>
        <Descriptions.Item label="凭证">
          <Thumbnails images={r.images} />
        </Descriptions.Item>
        {r.returnTrackingNo ? (
          <Descriptions.Item label="退货物流">
            {r.returnCarrier} {r.returnTrackingNo}
          </Descriptions.Item>
        ) : null}
        {r.rejectReason ? (
          <Descriptions.Item label="驳回原因">{r.rejectReason}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Title level={5}>进度</Typography.Title>
      <Timeline
        items={r.timeline.map((e) => ({
          children: (
            <span>
              {e.text}
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {formatChinaTime(e.time)}
              </Typography.Text>
            </span>
          ),
        }))}
      />
    </>
  );
}
