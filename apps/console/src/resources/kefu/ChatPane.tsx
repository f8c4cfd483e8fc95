import { PictureOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type TIM from '@chaopin/im-sdk';
import type { Message } from '@chaopin/im-sdk';
import { useNotification } from '@refinedev/core';
import { Alert, Button, Flex, Input, Popover, Spin, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import type { DeskConversation, QuickReply } from './api.ts';
import { ChatActions } from './ChatActions.tsx';
import { MessageView } from './MessageView.tsx';

export interface ChatPaneProps {
  tim: TIM;
  storeId: number;
  conv: DeskConversation;
  /** The signed-in agent's user id. */
  me: number;
  /** chat.write: may take, answer, transfer and close. */
  canWrite: boolean;
  /** A 商家 or the operator: may transfer or close anyone's conversation. */
  supervisor: boolean;
  /** Live messages the desk received (every conversation). */
  received: Message[];
  quickReplies: QuickReply[];
  claiming: boolean;
  onClaim(): void;
  /** A change of state or unread: the lists load again. */
  onChanged(): void;
}

const byTime = (a: Message, b: Message) => a.timeMs - b.timeMs || a.sequence - b.sequence;

/** The middle pane: the conversation's history and live messages, and the answer box. */
export function ChatPane(p: ChatPaneProps) {
  const { token } = theme.useToken();
  const { open } = useNotification();
  const cid = p.conv.conversationID;
  const [history, setHistory] = useState<Message[]>([]);
  const [sent, setSent] = useState<Message[]>([]);
  const [more, setMore] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const lastRead = useRef('');
  const mineNow = p.conv.status === 'assigned' && p.conv.agentUserId === p.me;

  useEffect(() => {
    let live = true;
    setHistory([]);
    setSent([]);
    setMore('');
    setFailure(null);
    setLoading(true);
    p.tim
      .getMessageList({ conversationID: cid, count: 15 })
      .then((r) => {
        if (!live) return;
        setHistory(r.data.messageList);
        setMore(r.data.isCompleted ? '' : r.data.nextReqMessageID);
      })
      .catch((e: unknown) => live && setFailure(errorMessage(e, '聊天记录加载失败')))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [p.tim, cid]);

  const messages = useMemo(() => {
    const all = new Map<string, Message>();
    for (const m of [...history, ...p.received.filter((x) => x.conversationID === cid), ...sent])
      all.set(m.ID || `${m.from}:${m.random}`, m);
    return [...all.values()].sort(byTime);
  }, [history, p.received, sent, cid]);

  const lastId = messages.at(-1)?.ID ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // The agent has the conversation in front: it is read (the store account's unread clears).
  useEffect(() => {
    if (!mineNow || !lastId || lastRead.current === lastId) return;
    lastRead.current = lastId;
    void p.tim
      .setMessageRead({ conversationID: cid })
      .then(() => p.onChanged())
      .catch(() => undefined);
  }, [mineNow, lastId, cid, p.tim, p.onChanged]);

  async function loadOlder() {
    setLoading(true);
    try {
      const r = await p.tim.getMessageList({ conversationID: cid, nextReqMessageID: more });
      setHistory((h) => [...r.data.messageList, ...h]);
      setMore(r.data.isCompleted ? '' : r.data.nextReqMessageID);
    } catch (e) {
      setFailure(errorMessage(e, '聊天记录加载失败'));
    } finally {
      setLoading(false);
    }
  }

  async function send(make: () => Message) {
    setSending(true);
    try {
      const r = await p.tim.sendMessage(make());
      setSent((s) => [...s, r.data.message]);
      return true;
    } catch (e) {
      open?.({ type: 'error', message: '发送失败', description: errorMessage(e) });
      return false;
    } finally {
      setSending(false);
    }
  }

  const to = p.conv.buyer.userID;
  const sendText = async () => {
    const body = text.trim();
    if (!body) return;
    const ok = await send(() =>
      p.tim.createTextMessage({ to, conversationType: 'C2C', payload: { text: body } }),
    );
    if (ok) setText('');
  };
  const sendImage = async (f: File) => {
    await send(() =>
      p.tim.createImageMessage({ to, conversationType: 'C2C', payload: { file: f } }),
    );
  };

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex
        justify="space-between"
        align="center"
        style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Typography.Text strong data-testid="kefu-chat-title">
          {p.conv.buyer.nickname}
        </Typography.Text>
        <ChatActions {...p} mineNow={mineNow} />
      </Flex>
      <div
        ref={scroller}
        data-testid="kefu-messages"
        style={{ flex: 1, overflowY: 'auto', padding: '0 16px' }}
      >
        {more ? (
          <Flex justify="center" style={{ marginTop: 8 }}>
            <Button size="small" type="link" onClick={loadOlder} loading={loading}>
              查看更早的消息
            </Button>
          </Flex>
        ) : null}
        {failure ? <Alert type="error" showIcon message={failure} /> : null}
        <Spin spinning={loading && !history.length}>
          {messages.map((m) => (
            <MessageView key={m.ID || `${m.from}:${m.random}`} m={m} />
          ))}
        </Spin>
      </div>
      <div style={{ padding: 12, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
        {mineNow && p.canWrite ? (
          <Flex vertical gap={8}>
            <Flex gap={8}>
              <Popover
                trigger="click"
                placement="topLeft"
                content={
                  <Flex vertical style={{ maxHeight: 320, overflowY: 'auto', width: 360 }}>
                    {p.quickReplies.length === 0 ? (
                      <Typography.Text type="secondary">
                        还没有快捷回复，可在设置中添加
                      </Typography.Text>
                    ) : null}
                    {p.quickReplies.map((q) => (
                      <Button
                        key={q.id}
                        type="text"
                        data-testid="kefu-quick-reply"
                        style={{
                          justifyContent: 'flex-start',
                          height: 'auto',
                          whiteSpace: 'normal',
                        }}
                        onClick={() => setText(q.text)}
                      >
                        {q.title ? <b>{q.title}：</b> : null}
                        {q.text}
                      </Button>
                    ))}
                  </Flex>
                }
              >
                <Button icon={<ThunderboltOutlined />}>快捷回复</Button>
              </Popover>
              <Button icon={<PictureOutlined />} onClick={() => file.current?.click()}>
                图片
              </Button>
              <input
                ref={file}
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f) void sendImage(f);
                }}
              />
            </Flex>
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 3, maxRows: 6 }}
              maxLength={4000}
              placeholder="输入回复，Enter 发送，Shift+Enter 换行"
              data-testid="kefu-input"
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void sendText();
                }
              }}
            />
            <Flex justify="flex-end">
              <Button
                type="primary"
                onClick={sendText}
                loading={sending}
                disabled={!text.trim()}
                data-testid="kefu-send"
              >
                发送
              </Button>
            </Flex>
          </Flex>
        ) : p.conv.status === 'waiting' && p.canWrite ? (
          <Flex justify="center" gap={8} align="center">
            <Typography.Text type="secondary">接入后即可回复这位买家</Typography.Text>
            <Button type="primary" onClick={p.onClaim} loading={p.claiming}>
              接入
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">
            {p.conv.status === 'closed' ? '会话已结束' : '该会话由其他客服接待中'}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}
