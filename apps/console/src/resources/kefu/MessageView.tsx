import { deskPreview, parseChatCard } from '@chaopin/contracts';
import type { Message } from '@chaopin/im-sdk';
import { Flex, Image, Typography, theme } from 'antd';
import { formatChinaTime, formatFen } from '../../ui/format.ts';

/** A product or order card the buyer sent (客服 button on a product or order page). */
function Card({ payload }: { payload: Record<string, unknown> }) {
  const { token } = theme.useToken();
  const card = parseChatCard(payload);
  if (!card) return <span>{deskPreview('TIMCustomElem', payload)}</span>;
  return (
    <Flex
      gap={10}
      data-testid="kefu-card"
      style={{
        width: 280,
        padding: 10,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {card.image ? (
        <Image src={card.image} width={56} height={56} style={{ objectFit: 'cover' }} />
      ) : null}
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {card.kind === 'product' ? '商品' : `订单 ${card.id}`}
        </Typography.Text>
        <Typography.Text ellipsis={{ tooltip: card.title }}>{card.title}</Typography.Text>
        <Typography.Text strong style={{ color: token.colorError }}>
          {formatFen(card.price)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function Body({ m }: { m: Message }) {
  if (m.isRevoked) return <Typography.Text type="secondary">消息已撤回</Typography.Text>;
  if (m.type === 'TIMTextElem') {
    return <span style={{ whiteSpace: 'pre-wrap' }}>{String(m.payload.text ?? '')}</span>;
  }
  if (m.type === 'TIMImageElem') {
    const list = (m.payload.imageInfoArray ?? []) as Array<{ url?: string }>;
    const url = list.find((i) => i.url)?.url;
    return url ? <Image src={url} width={180} alt="图片" /> : <span>[图片]</span>;
  }
  if (m.type === 'TIMCustomElem') return <Card payload={m.payload} />;
  return <span>{deskPreview(m.type, m.payload)}</span>;
}

/** One message of the conversation: the buyer's on the left, the store's on the right. */
export function MessageView({ m }: { m: Message }) {
  const { token } = theme.useToken();
  const mine = m.flow === 'out';
  const bare = m.type === 'TIMCustomElem' || m.type === 'TIMImageElem';
  return (
    <Flex
      vertical
      align={mine ? 'flex-end' : 'flex-start'}
      gap={2}
      data-testid="kefu-message"
      data-flow={m.flow}
      style={{ margin: '8px 0' }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatChinaTime(m.timeMs)}
        {m.status === 'fail' ? ' · 发送失败' : ''}
      </Typography.Text>
      <div
        style={{
          maxWidth: '72%',
          padding: bare ? 0 : '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: bare ? 'transparent' : mine ? token.colorPrimaryBg : token.colorFillSecondary,
          wordBreak: 'break-word',
        }}
      >
        <Body m={m} />
      </div>
    </Flex>
  );
}
