import { Descriptions, Table, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { REFUND_STATUS_COLOR } from '../../ui/refundStatus.ts';
import { Thumbnails } from '../../ui/Thumbnails.tsx';
import type { OrderDetail } from './api.ts';

type Line = OrderDetail['lines'][number];
type Payment = OrderDetail['payments'][number];
type Refund = OrderDetail['refunds'][number];
type Entry = OrderDetail['postings'][number]['entries'][number] & {
  key: string;
  kindText: string;
  memo: string;
  createdAt: string;
  first: boolean;
};

/** A titled block of the detail page. */
export function Block(props: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 28 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {props.title}
        {props.extra ? (
          <span style={{ marginLeft: 12, fontWeight: 'normal' }}>{props.extra}</span>
        ) : null}
      </Typography.Title>
      {props.children}
    </div>
  );
}

const money = (fen: number) => formatFen(fen);
const off = (fen: number) => (fen ? `-${formatFen(fen)}` : '—');

export function Lines({ order }: { order: OrderDetail }) {
  return (
    <Table<Line> dataSource={order.lines} rowKey="itemId" size="small" pagination={false}>
      <Table.Column<Line>
        title="商品"
        key="goods"
        render={(_, l) => (
          <span>
            <img
              src={l.image}
              alt=""
              width={36}
              height={36}
              style={{
                objectFit: 'cover',
                borderRadius: 4,
                marginRight: 8,
                verticalAlign: 'middle',
              }}
            />
            {l.title}
            <Typography.Text type="secondary"> {l.skuName}</Typography.Text>
          </span>
        )}
      />
      <Table.Column<Line> title="单价" dataIndex="price" align="right" render={money} />
      <Table.Column<Line> title="数量" dataIndex="quantity" align="right" />
      <Table.Column<Line> title="小计" dataIndex="amount" align="right" render={money} />
      <Table.Column<Line> title="优惠券" dataIndex="couponDiscount" align="right" render={off} />
      <Table.Column<Line> title="红包" dataIndex="redPacket" align="right" render={off} />
      <Table.Column<Line> title="积分抵扣" dataIndex="pointsDeduct" align="right" render={off} />
      <Table.Column<Line> title="会员优惠" dataIndex="memberSaving" align="right" render={off} />
      <Table.Column<Line>
        title="评价"
        dataIndex="evaluated"
        render={(done: boolean) => (done ? <Tag color="green">已评价</Tag> : '—')}
      />
    </Table>
  );
}

export function Amounts({ order }: { order: OrderDetail }) {
  const d = order.discounts;
  return (
    <Descriptions size="small" column={4} bordered>
      <Descriptions.Item label="商品金额">{money(order.goodsAmount)}</Descriptions.Item>
      <Descriptions.Item label="运费">{money(order.shippingFee)}</Descriptions.Item>
      <Descriptions.Item label="优惠券">
        {off(d.coupon)}
        {d.platformCoupon ? (
          <Typography.Text type="secondary">（平台券 {money(d.platformCoupon)}）</Typography.Text>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label="红包">{off(d.redPacket)}</Descriptions.Item>
      <Descriptions.Item label="积分抵扣">
        {d.pointsUsed ? `${d.pointsUsed} 积分，${off(d.pointsAmount)}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="会员优惠">{off(d.memberSaving)}</Descriptions.Item>
      <Descriptions.Item label="实付">
        <Typography.Text strong>{money(order.payAmount)}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

export function Payments({ order }: { order: OrderDetail }) {
  return (
    <Table<Payment> dataSource={order.payments} rowKey="paymentNo" size="small" pagination={false}>
      <Table.Column<Payment> title="支付单号" dataIndex="paymentNo" />
      <Table.Column<Payment> title="方式" dataIndex="channelText" />
      <Table.Column<Payment> title="金额（整单）" dataIndex="amount" align="right" render={money} />
      <Table.Column<Payment>
        title="状态"
        dataIndex="status"
        render={(s: string) => (
          <Tag color={s === 'succeeded' ? 'green' : 'default'}>
            {(
              {
                succeeded: '已支付',
                pending: '待支付',
                cancelled: '已取消',
                refunded: '已退回',
              } as Record<string, string>
            )[s] ?? s}
          </Tag>
        )}
      />
      <Table.Column<Payment> title="创建" dataIndex="createdAt" render={formatChinaTime} />
      <Table.Column<Payment> title="完成" dataIndex="finishedAt" render={formatChinaTime} />
    </Table>
  );
}

/** The ledger's postings for this order, one row per entry (fen; points entries in points). */
export function Postings({ order }: { order: OrderDetail }) {
  const rows: Entry[] = order.postings.flatMap((p) =>
    p.entries.map((e, i) => ({
      ...e,
      key: `${p.id}-${i}`,
      kindText: p.kindText,
      memo: p.memo,
      createdAt: p.createdAt,
      first: i === 0,
    })),
  );
  return (
    <Table<Entry> dataSource={rows} rowKey="key" size="small" pagination={false}>
      <Table.Column<Entry>
        title="业务"
        key="kind"
        render={(_, e) => (e.first ? <Tag>{e.kindText}</Tag> : null)}
      />
      <Table.Column<Entry> title="说明" key="memo" render={(_, e) => (e.first ? e.memo : null)} />
      <Table.Column<Entry> title="账户" dataIndex="account" />
      <Table.Column<Entry>
        title="金额"
        key="amount"
        align="right"
        render={(_, e) =>
          e.accountKind === 'points'
            ? `${e.amount > 0 ? '+' : ''}${e.amount} 积分`
            : money(e.amount)
        }
      />
      <Table.Column<Entry>
        title="时间"
        key="at"
        render={(_, e) => (e.first ? formatChinaTime(e.createdAt) : null)}
      />
    </Table>
  );
}

export function Refunds({ order }: { order: OrderDetail }) {
  return (
    <Table<Refund> dataSource={order.refunds} rowKey="refundNo" size="small" pagination={false}>
      <Table.Column<Refund> title="售后单号" dataIndex="refundNo" />
      <Table.Column<Refund> title="类型" dataIndex="typeText" />
      <Table.Column<Refund> title="金额" dataIndex="amount" align="right" render={money} />
      <Table.Column<Refund>
        title="原因 / 说明"
        key="reason"
        render={(_, r) => (
          <div>
            {r.reason}
            {r.description ? (
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {r.description}
              </Typography.Text>
            ) : null}
          </div>
        )}
      />
      <Table.Column<Refund>
        title="凭证"
        dataIndex="images"
        render={(images: string[]) => <Thumbnails images={images} />}
      />
      <Table.Column<Refund>
        title="状态"
        dataIndex="statusText"
        render={(text: string, r) => (
          <Tag color={REFUND_STATUS_COLOR[r.status] ?? 'default'}>{text}</Tag>
        )}
      />
      <Table.Column<Refund> title="申请时间" dataIndex="createdAt" render={formatChinaTime} />
    </Table>
  );
}

export function Logistics({ order }: { order: OrderDetail }) {
  const l = order.logistics;
  if (!l) return <Typography.Text type="secondary">尚未发货</Typography.Text>;
  return (
    <div>
      <Typography.Paragraph>
        {l.carrier} <Typography.Text copyable>{l.trackingNo}</Typography.Text>{' '}
        <Tag color={l.state === 'signed' ? 'green' : 'blue'}>{l.stateText}</Tag>
      </Typography.Paragraph>
      <Timeline
        items={l.steps.map((s) => ({
          color: s.state === 'signed' ? 'green' : 'blue',
          children: (
            <span>
              {s.text}
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {formatChinaTime(s.time)}
              </Typography.Text>
            </span>
          ),
        }))}
      />
    </div>
  );
}

/** The order's own timeline, and the messages its buyer was sent about it. */
export function Progress({ order }: { order: OrderDetail }) {
  return (
    <Timeline
      items={order.timeline.map((e) => ({
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
  );
}

export function Messages({ order }: { order: OrderDetail }) {
  if (!order.messages.length) return <Typography.Text type="secondary">暂无消息</Typography.Text>;
  return (
    <Timeline
      items={order.messages.map((m) => ({
        color: m.read ? 'gray' : 'blue',
        children: (
          <span>
            <Typography.Text strong>{m.title}</Typography.Text> {m.content}
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {formatChinaTime(m.createdAt)} · {m.read ? '买家已读' : '买家未读'}
            </Typography.Text>
          </span>
        ),
      }))}
    />
  );
}
