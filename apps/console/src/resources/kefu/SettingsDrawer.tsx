import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  QUICK_REPLY_MAX,
  QUICK_REPLY_TEXT_MAX,
  QUICK_REPLY_TITLE_MAX,
  SHOP_NAME_PLACEHOLDER,
  SHOP_REPLY_TEXT_MAX,
} from '@chaopin/contracts';
import { useNotification } from '@refinedev/core';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Spin,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import { useLoad } from '../../ui/useLoad.ts';
import {
  loadChatReply,
  type QuickReply,
  removeQuickReply,
  saveChatReply,
  saveQuickReply,
} from './api.ts';

/** The API refuses NUL characters (PostgreSQL cannot store them). */
const noNul = {
  validator: async (_: unknown, v: unknown) => {
    if (typeof v === 'string' && v.includes(String.fromCharCode(0)))
      throw new Error('不能包含控制字符');
  },
};

/** The store's welcome and away texts (blank: the default text). */
function AutoReplies({ storeId, canWrite }: { storeId: number; canWrite: boolean }) {
  const { open } = useNotification();
  const loaded = useLoad(() => loadChatReply(storeId), String(storeId));
  const [form] = Form.useForm<{ welcomeText: string; awayText: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (loaded.data)
      form.setFieldsValue({
        welcomeText: loaded.data.welcomeIsDefault ? '' : loaded.data.welcomeText,
        awayText: loaded.data.awayIsDefault ? '' : loaded.data.awayText,
      });
  }, [loaded.data, form]);
  if (loaded.error) return <Alert type="error" showIcon message={loaded.error} />;
  const d = loaded.data;
  return (
    <Spin spinning={loaded.loading}>
      <Typography.Paragraph type="secondary">
        买家第一次发消息时自动发送欢迎语；没有客服在线时发送离线回复（每位买家每
        {Math.round((d?.awayIntervalSeconds ?? 3600) / 60)}分钟最多一次）。{SHOP_NAME_PLACEHOLDER}
        会替换为店铺名称，留空则使用默认文案。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!canWrite}
        onFinish={async (v) => {
          setBusy(true);
          try {
            await saveChatReply({
              storeId,
              welcomeText: v.welcomeText ?? '',
              awayText: v.awayText ?? '',
            });
            open?.({ type: 'success', message: '自动回复已保存', key: 'kefu-auto' });
            await loaded.reload();
          } catch (e) {
            open?.({ type: 'error', message: '保存失败', description: errorMessage(e) });
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item label="欢迎语" name="welcomeText" rules={[{ max: SHOP_REPLY_TEXT_MAX }, noNul]}>
          <Input.TextArea
            rows={3}
            showCount
            maxLength={SHOP_REPLY_TEXT_MAX}
            placeholder={
              d?.welcomeIsDefault ? d.welcomeText : '默认：您好，欢迎光临{店铺名}，有什么可以帮您？'
            }
          />
        </Form.Item>
        <Form.Item label="离线回复" name="awayText" rules={[{ max: SHOP_REPLY_TEXT_MAX }, noNul]}>
          <Input.TextArea
            rows={3}
            showCount
            maxLength={SHOP_REPLY_TEXT_MAX}
            placeholder={
              d?.awayIsDefault ? d.awayText : '默认：客服暂时不在线，留言后我们会尽快回复您。'
            }
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存自动回复
        </Button>
      </Form>
    </Spin>
  );
}

type Draft = { id?: number; title: string; text: string; sort: number };

/** 快捷回复: add, change, delete (at most 100 per store). */
function QuickReplies(p: {
  storeId: number;
  canWrite: boolean;
  list: QuickReply[];
  onChanged(): void;
}) {
  const { open } = useNotification();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [form] = Form.useForm<Draft>();
  const [busy, setBusy] = useState(false);
  const edit = (d: Draft) => {
    setEditing(d);
    form.setFieldsValue(d);
  };
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          共 {p.list.length} 条，最多 {QUICK_REPLY_MAX} 条
        </Typography.Text>
        {p.canWrite ? (
          <Button
            icon={<PlusOutlined />}
            disabled={p.list.length >= QUICK_REPLY_MAX}
            onClick={() => edit({ title: '', text: '', sort: p.list.length })}
          >
            添加
          </Button>
        ) : null}
      </Flex>
      {editing ? (
        <Form<Draft>
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            setBusy(true);
            try {
              await saveQuickReply({
                ...(editing.id ? { id: editing.id } : {}),
                storeId: p.storeId,
                title: v.title ?? '',
                text: v.text,
                sort: v.sort ?? 0,
              });
              open?.({ type: 'success', message: '快捷回复已保存', key: 'kefu-quick' });
              setEditing(null);
              p.onChanged();
            } catch (e) {
              open?.({ type: 'error', message: '保存失败', description: errorMessage(e) });
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item label="标题" name="title" rules={[{ max: QUICK_REPLY_TITLE_MAX }, noNul]}>
            <Input maxLength={QUICK_REPLY_TITLE_MAX} placeholder="可选，如：发货时间" />
          </Form.Item>
          <Form.Item
            label="内容"
            name="text"
            rules={[
              { required: true, whitespace: true, message: '请填写快捷回复内容' },
              { max: QUICK_REPLY_TEXT_MAX },
              noNul,
            ]}
          >
            <Input.TextArea rows={3} showCount maxLength={QUICK_REPLY_TEXT_MAX} />
          </Form.Item>
          <Form.Item label="排序（小的在前）" name="sort">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy}>
              保存
            </Button>
            <Button onClick={() => setEditing(null)}>取消</Button>
          </Flex>
        </Form>
      ) : null}
      {p.list.map((q) => (
        <Flex key={q.id} gap={8} align="flex-start" justify="space-between">
          <Typography.Paragraph style={{ margin: 0, flex: 1 }} ellipsis={{ rows: 2 }}>
            {q.title ? <b>{q.title}：</b> : null}
            {q.text}
          </Typography.Paragraph>
          {p.canWrite ? (
            <Flex gap={4}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label="编辑"
                onClick={() => edit({ id: q.id, title: q.title, text: q.text, sort: q.sort })}
              />
              <Popconfirm
                title="删除这条快捷回复？"
                okText="删除"
                cancelText="取消"
                onConfirm={async () => {
                  try {
                    await removeQuickReply(q.id);
                    p.onChanged();
                  } catch (e) {
                    open?.({ type: 'error', message: '删除失败', description: errorMessage(e) });
                  }
                }}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label="删除" />
              </Popconfirm>
            </Flex>
          ) : null}
        </Flex>
      ))}
    </Flex>
  );
}

/** The desk's settings: the store's auto replies and its quick replies. */
export function SettingsDrawer(p: {
  open: boolean;
  onClose(): void;
  storeId: number;
  canWrite: boolean;
  quickReplies: QuickReply[];
  onQuickRepliesChanged(): void;
}) {
  return (
    <Drawer title="客服设置" width={520} open={p.open} onClose={p.onClose} destroyOnClose>
      <Typography.Title level={5}>自动回复</Typography.Title>
      <AutoReplies storeId={p.storeId} canWrite={p.canWrite} />
      <Divider />
      <Typography.Title level={5}>快捷回复</Typography.Title>
      <QuickReplies
        storeId={p.storeId}
        canWrite={p.canWrite}
        list={p.quickReplies}
        onChanged={p.onQuickRepliesChanged}
      />
    </Drawer>
  );
}
