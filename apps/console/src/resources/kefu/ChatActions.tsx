import { useNotification } from '@refinedev/core';
import { Button, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import {
  closeConversation,
  type DeskAgent,
  type DeskConversation,
  loadAgents,
  transfer,
} from './api.ts';

interface Props {
  storeId: number;
  conv: DeskConversation;
  me: number;
  canWrite: boolean;
  supervisor: boolean;
  mineNow: boolean;
  onChanged(): void;
}

/** 转接 (to another agent of the store) and 结束会话, for the assignee or a supervisor. */
export function ChatActions(p: Props) {
  const { open } = useNotification();
  const [picking, setPicking] = useState(false);
  const [agents, setAgents] = useState<DeskAgent[]>([]);
  const [target, setTarget] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const live = p.conv.status !== 'closed';
  const may = p.canWrite && live && (p.mineNow || p.supervisor || p.conv.status === 'waiting');
  if (!may) return null;

  async function run(done: string, action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      open?.({ type: 'success', message: done, key: `kefu-${p.conv.id}` });
      return true;
    } catch (e) {
      open?.({ type: 'error', message: '操作失败', description: errorMessage(e) });
      return false;
    } finally {
      setBusy(false);
      p.onChanged();
    }
  }

  const others = agents.filter((a) => a.userId !== p.conv.agentUserId);
  return (
    <Space>
      <Button
        data-testid="kefu-transfer"
        onClick={async () => {
          setTarget(undefined);
          setPicking(true);
          try {
            setAgents((await loadAgents(p.storeId)).list);
          } catch (e) {
            open?.({ type: 'error', message: '客服列表加载失败', description: errorMessage(e) });
          }
        }}
      >
        转接
      </Button>
      {p.mineNow || p.supervisor ? (
        <Popconfirm
          title="结束这个会话？"
          description="买家再次发消息时会重新进入待接入"
          okText="结束"
          cancelText="取消"
          onConfirm={() => run('会话已结束', () => closeConversation(p.conv.id))}
        >
          <Button danger data-testid="kefu-close" loading={busy && !picking}>
            结束会话
          </Button>
        </Popconfirm>
      ) : null}
      <Modal
        title="转接给本店其他客服"
        open={picking}
        okText="转接"
        cancelText="取消"
        okButtonProps={{ disabled: target === undefined, loading: busy }}
        onCancel={() => setPicking(false)}
        onOk={async () => {
          if (target === undefined) return;
          if (await run('已转接', () => transfer(p.conv.id, target))) setPicking(false);
        }}
      >
        {others.length === 0 ? (
          <Typography.Text type="secondary">本店暂无其他可接待的客服</Typography.Text>
        ) : (
          <Select
            style={{ width: '100%' }}
            placeholder="选择客服"
            value={target}
            onChange={setTarget}
            options={others.map((a) => ({
              value: a.userId,
              label: `${a.nickname}（${a.roleName}）${a.userId === p.me ? ' · 我' : ''}`,
            }))}
          />
        )}
      </Modal>
    </Space>
  );
}
