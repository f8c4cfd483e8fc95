import { Avatar, Badge, Button, Empty, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { waited } from './alerts.ts';
import type { DeskConversation } from './api.ts';

export interface ListsProps {
  queue: DeskConversation[];
  mine: DeskConversation[];
  /** Seconds since the lists were fetched (the waiting times tick on from there). */
  elapsed: number;
  selected: number | null;
  canClaim: boolean;
  claiming: number | null;
  onSelect(c: DeskConversation): void;
  onClaim(c: DeskConversation): void;
}

function Row(props: {
  c: DeskConversation;
  active: boolean;
  onSelect(): void;
  testId: string;
  right: ReactNode;
  sub: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      gap={10}
      align="center"
      data-testid={props.testId}
      data-buyer={props.c.buyer.userID}
      onClick={props.onSelect}
      style={{
        padding: '10px 12px',
        cursor: 'pointer',
        borderRadius: token.borderRadius,
        background: props.active ? token.controlItemBgActive : undefined,
      }}
    >
      <Avatar src={props.c.buyer.avatar || undefined}>{props.c.buyer.nickname.slice(0, 1)}</Avatar>
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong ellipsis>
          {props.c.buyer.nickname}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {props.sub}
        </Typography.Text>
      </Flex>
      {props.right}
    </Flex>
  );
}

const Heading = ({ children, count }: { children: string; count: number }) => (
  <Typography.Title level={5} style={{ margin: '12px 12px 4px' }}>
    {children} <Typography.Text type="secondary">({count})</Typography.Text>
  </Typography.Title>
);

/** The left pane: 待接入 (oldest first, waiting time ticking) and 我的会话 (unread badges). */
export function ConversationLists(p: ListsProps) {
  return (
    <Flex vertical style={{ height: '100%', overflowY: 'auto' }}>
      <Heading count={p.queue.length}>待接入</Heading>
      {p.queue.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无等待的买家" />
      ) : null}
      {p.queue.map((c) => (
        <Row
          key={c.id}
          c={c}
          testId="kefu-queue-row"
          active={p.selected === c.id}
          onSelect={() => p.onSelect(c)}
          sub={c.lastMessage.text}
          right={
            <Flex vertical align="flex-end" gap={4}>
              <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid="kefu-waited">
                {c.waitingSince === null
                  ? '已回复'
                  : `等待 ${waited(c.waitingSeconds + p.elapsed)}`}
              </Typography.Text>
              {p.canClaim ? (
                <Button
                  size="small"
                  type="primary"
                  loading={p.claiming === c.id}
                  onClick={(e) => {
                    e.stopPropagation();
                    p.onClaim(c);
                  }}
                >
                  接入
                </Button>
              ) : null}
            </Flex>
          }
        />
      ))}
      <Heading count={p.mine.length}>我的会话</Heading>
      {p.mine.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="接入的会话会出现在这里" />
      ) : null}
      {p.mine.map((c) => (
        <Row
          key={c.id}
          c={c}
          testId="kefu-mine-row"
          active={p.selected === c.id}
          onSelect={() => p.onSelect(c)}
          sub={c.lastMessage.text}
          right={<Badge count={c.unread} data-testid="kefu-unread" />}
        />
      ))}
    </Flex>
  );
}
