import { ArrowLeftOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Alert, Button, Col, Descriptions, Row, Space, Spin, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { formatChinaTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { loadOrder, type OrderDetail } from './api.ts';
import {
  Amounts,
  Block,
  Lines,
  Logistics,
  Messages,
  Payments,
  Postings,
  Progress,
  Refunds,
} from './OrderSections.tsx';
import { ORDER_STATUS_COLOR } from './status.ts';
import { useOrderDialogs } from './useOrderDialogs.tsx';

function Basics({ order }: { order: OrderDetail }) {
  return (
    <Descriptions size="small" column={3} bordered>
      <Descriptions.Item label="订单号">
        <Typography.Text copyable>{order.orderNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={ORDER_STATUS_COLOR[order.status] ?? 'default'}>{order.statusText}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="店铺">{order.storeName}</Descriptions.Item>
      <Descriptions.Item label="买家">
        {order.buyerNickname || '—'}{' '}
        <Typography.Text type="secondary">
          {order.buyerPhone}（ID {order.buyerId}）
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="支付方式">{order.payMethodText || '—'}</Descriptions.Item>
      <Descriptions.Item label="直播间">{order.liveRoomId ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="下单时间">{formatChinaTime(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="支付时间">{formatChinaTime(order.paidAt)}</Descriptions.Item>
      <Descriptions.Item label="发货时间">{formatChinaTime(order.shippedAt)}</Descriptions.Item>
      <Descriptions.Item label="收货时间">{formatChinaTime(order.receivedAt)}</Descriptions.Item>
      <Descriptions.Item label="提交单号">{order.groupNo}</Descriptions.Item>
      <Descriptions.Item label="支付单号">{order.paymentNo ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="买家备注" span={3}>
        {order.note || '—'}
      </Descriptions.Item>
      <Descriptions.Item label="商家备注" span={3}>
        {order.merchantRemark || '—'}
      </Descriptions.Item>
      {order.cancelReason ? (
        <Descriptions.Item label="取消原因" span={3}>
          {order.cancelReason}（{formatChinaTime(order.cancelledAt)}）
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function Receiver({ order }: { order: OrderDetail }) {
  const a = order.address;
  return (
    <Descriptions size="small" column={3} bordered>
      <Descriptions.Item label="收货人">{a.name}</Descriptions.Item>
      <Descriptions.Item label="电话">{a.phone}</Descriptions.Item>
      <Descriptions.Item label="地址">{a.fullAddress}</Descriptions.Item>
    </Descriptions>
  );
}

/** 订单详情: descriptions, tables and timelines of everything the order moved. */
export default function OrderShow() {
  const { id } = useParams();
  const orderId = Number(id);
  const order = useLoad(() => loadOrder(orderId), String(orderId));
  const { data: canWrite } = useCan({ resource: 'order', action: 'edit' });
  const dialogs = useOrderDialogs(() => void order.reload());
  const o = order.data;

  const extra = (
    <Space>
      <Link to="/order">
        <Button icon={<ArrowLeftOutlined />}>返回列表</Button>
      </Link>
      {o && canWrite?.can && o.canShip ? (
        <Button type="primary" onClick={() => dialogs.ship(o)}>
          发货
        </Button>
      ) : null}
      {o && canWrite?.can && o.canChangeAddress ? (
        <Button onClick={() => dialogs.address(o)}>修改地址</Button>
      ) : null}
      {o && canWrite?.can ? <Button onClick={() => dialogs.remark(o)}>备注</Button> : null}
    </Space>
  );

  return (
    <PageFrame
      resource={{ label: '订单', section: 'orders' }}
      title={o ? `订单 ${o.orderNo}` : '订单详情'}
      extra={extra}
    >
      {order.error ? <Alert type="error" showIcon message={order.error} /> : null}
      {!o && order.loading ? <Spin style={{ display: 'block', margin: '80px auto' }} /> : null}
      {o ? (
        <>
          <Block title="订单信息">
            <Basics order={o} />
          </Block>
          <Block title="收货信息">
            <Receiver order={o} />
          </Block>
          <Block title="商品明细">
            <Lines order={o} />
          </Block>
          <Block title="金额与优惠">
            <Amounts order={o} />
          </Block>
          <Row gutter={32}>
            <Col span={12}>
              <Block title="支付记录">
                <Payments order={o} />
              </Block>
            </Col>
            <Col span={12}>
              <Block title="账务流水">
                <Postings order={o} />
              </Block>
            </Col>
          </Row>
          <Block title="售后">
            {o.refunds.length ? (
              <Refunds order={o} />
            ) : (
              <Typography.Text type="secondary">暂无售后</Typography.Text>
            )}
          </Block>
          <Row gutter={32}>
            <Col span={8}>
              <Block title="订单进度">
                <Progress order={o} />
              </Block>
            </Col>
            <Col span={8}>
              <Block title="物流">
                <Logistics order={o} />
              </Block>
            </Col>
            <Col span={8}>
              <Block title="买家消息">
                <Messages order={o} />
              </Block>
            </Col>
          </Row>
        </>
      ) : null}
      {dialogs.dialogs}
    </PageFrame>
  );
}
