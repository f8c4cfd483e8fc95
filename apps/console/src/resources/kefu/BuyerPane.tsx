import { Alert, Avatar, Empty, Flex, Image, Spin, Tag, Typography, theme } from 'antd';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { loadBuyer } from './api.ts';

/** The right pane: who the buyer is and their latest orders with this store. */
export function BuyerPane({ storeId, buyer }: { storeId: number; buyer: string }) {
  const { token } = theme.useToken();
  const info = useLoad(() => loadBuyer(storeId, buyer), `${storeId}:${buyer}`);
  if (info.error) return <Alert type="error" showIcon message={info.error} />;
  const b = info.data;
  return (
    <Spin spinning={info.loading}>
      <Flex vertical gap={12} data-testid="kefu-buyer">
        <Flex gap={10} align="center">
          <Avatar size={48} src={b?.avatar || undefined}>
            {b?.nickname.slice(0, 1)}
          </Avatar>
          <Flex vertical>
            <Typography.Text strong>{b?.nickname ?? ''}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              用户ID {buyer}
            </Typography.Text>
          </Flex>
        </Flex>
        <Typography.Title level={5} style={{ margin: 0 }}>
          在本店的最近订单
        </Typography.Title>
        {b && b.orders.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有在本店下过单" />
        ) : null}
        {b?.orders.map((o) => (
          <Flex
            key={o.id}
            gap={10}
            data-testid="kefu-order"
            style={{
              padding: 10,
              borderRadius: token.borderRadius,
              border: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {o.image ? <Image src={o.image} width={48} height={48} preview={false} /> : null}
            <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Flex justify="space-between" gap={6}>
                <Typography.Text ellipsis style={{ fontSize: 12 }}>
                  {o.orderNo}
                </Typography.Text>
                <Tag style={{ marginInlineEnd: 0 }}>{o.statusName}</Tag>
              </Flex>
              <Typography.Text ellipsis>{o.title}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                共{o.itemCount}件 · 实付 {formatFen(o.payAmount)} · {formatChinaTime(o.createdAt)}
              </Typography.Text>
            </Flex>
          </Flex>
        ))}
      </Flex>
    </Spin>
  );
}
