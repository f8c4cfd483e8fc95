import { useCan, useGetIdentity, useInvalidate, useNotification } from '@refinedev/core';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { ConsoleIdentity } from '../../providers/identity.ts';
import { formatChinaTime, formatFen } from '../../ui/format.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { useRowAction } from '../../ui/useRowAction.ts';
import {
  loadUser,
  markTest,
  type RevealField,
  resetRealName,
  revealUser,
  type UserDetail,
  unbanUser,
  unlockPayPassword,
} from './api.ts';
import { BanDialog } from './BanDialog.tsx';

type RecentOrder = UserDetail['orders']['recent'][number];
type Session = UserDetail['sessions'][number];

const ORDER_STATUS: Record<string, string> = {
  unpaid: '待付款',
  unshipped: '待发货',
  unreceived: '待收货',
  unevaluated: '待评价',
  finished: '已完成',
  cancelled: '已取消',
};

/** A masked value with 查看完整号码 for holders of user.pii (each look is in the audit log). */
function Revealable(props: {
  userId: number;
  field: RevealField;
  masked: string;
  canReveal: boolean;
  label: string;
}) {
  const [full, setFull] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Space size={8} wrap>
      <Typography.Text
        copyable={full ? { text: full } : false}
        data-testid={`value-${props.field}`}
      >
        {full ?? props.masked}
      </Typography.Text>
      {props.canReveal && !full ? (
        <Button
          size="small"
          type="link"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              setFull((await revealUser(props.userId, props.field)).value);
              setError(null);
            } catch (e) {
              setError(
                typeof e === 'object' && e && 'message' in e ? String(e.message) : '查看失败',
              );
            } finally {
              setBusy(false);
            }
          }}
        >
          {props.label}
        </Button>
      ) : null}
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Space>
  );
}

/** One user: profile, real name, balances from the ledger, orders, sessions, and the actions. */
export function UserDrawer(props: { userId: number | null; onClose: () => void }) {
  const id = props.userId ?? 0;
  const detail = useLoad(() => (id ? loadUser(id) : Promise.resolve(undefined)), String(id));
  const { data: canWrite } = useCan({ resource: 'user', action: 'edit' });
  const { data: me } = useGetIdentity<ConsoleIdentity>();
  const canReveal = Boolean(me?.permissions.includes('*') || me?.permissions.includes('user.pii'));
  const { run, running } = useRowAction('user');
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [banning, setBanning] = useState(false);
  const d = detail.data;
  const act = async (key: string, done: string, action: () => Promise<unknown>) => {
    await run(key, done, action);
    await detail.reload();
  };
  const p = d?.profile;

  return (
    <Drawer
      title={p ? `${p.nickname}（ID ${p.id}）` : '用户详情'}
      open={props.userId !== null}
      onClose={props.onClose}
      width={760}
      destroyOnHidden
      extra={
        p && canWrite?.can ? (
          <Space>
            {p.status === 'normal' ? (
              <Button danger onClick={() => setBanning(true)}>
                封禁
              </Button>
            ) : (
              <Popconfirm
                title="解除封禁后该用户可重新登录"
                okText="解除封禁"
                onConfirm={() => act('unban', '已解除封禁', () => unbanUser(p.id))}
              >
                <Button loading={running === 'unban'}>解除封禁</Button>
              </Popconfirm>
            )}
          </Space>
        ) : null
      }
    >
      {detail.error ? <Alert type="error" showIcon message={detail.error} /> : null}
      {!d || !p ? (
        detail.loading ? (
          <Spin style={{ display: 'block', margin: '80px auto' }} />
        ) : null
      ) : (
        <Flex vertical gap={24}>
          {p.status === 'banned' ? (
            <Alert
              type="error"
              showIcon
              message={`已封禁：${p.banReason ?? ''}`}
              description={`封禁时间 ${formatChinaTime(p.bannedAt)}`}
            />
          ) : null}
          <Descriptions title="基本资料" column={2} size="small" bordered>
            <Descriptions.Item label="手机号" span={2}>
              <Revealable
                userId={p.id}
                field="phone"
                masked={p.phone}
                canReveal={canReveal}
                label="查看完整号码"
              />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              {p.status === 'banned' ? (
                <Tag color="red">已封禁</Tag>
              ) : (
                <Tag color="green">正常</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="测试账号">
              <Switch
                size="small"
                checked={p.isTest}
                disabled={!canWrite?.can}
                loading={running === 'test'}
                onChange={(test) =>
                  act('test', test ? '已标记为测试账号' : '已取消测试账号', () =>
                    markTest(p.id, test),
                  )
                }
              />
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatChinaTime(p.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="登录密码">
              {p.hasPassword ? '已设置' : '未设置'}
            </Descriptions.Item>
            <Descriptions.Item label="支付密码" span={2}>
              <Space>
                {p.hasPayPassword ? '已设置' : '未设置'}
                {p.payPasswordLockedUntil ? (
                  <Tag color="orange">锁定至 {formatChinaTime(p.payPasswordLockedUntil)}</Tag>
                ) : p.payPasswordFails > 0 ? (
                  <Tag>已错 {p.payPasswordFails} 次</Tag>
                ) : null}
                {canWrite?.can && (p.payPasswordLockedUntil || p.payPasswordFails > 0) ? (
                  <Popconfirm
                    title="解除支付密码锁定并清零错误次数？"
                    okText="解除"
                    onConfirm={() =>
                      act('unlock', '已解除支付密码锁定', () => unlockPayPassword(p.id))
                    }
                  >
                    <Button size="small" loading={running === 'unlock'}>
                      解除锁定
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            </Descriptions.Item>
          </Descriptions>

          <Descriptions title="实名认证" column={2} size="small" bordered>
            <Descriptions.Item label="状态">
              {d.realName.verified ? <Tag color="blue">已实名</Tag> : '未实名'}
            </Descriptions.Item>
            <Descriptions.Item label="认证时间">
              {formatChinaTime(d.realName.verifiedAt)}
            </Descriptions.Item>
            <Descriptions.Item label="姓名">{d.realName.realName || '—'}</Descriptions.Item>
            <Descriptions.Item label="证件号">
              {d.realName.verified ? (
                <Revealable
                  userId={p.id}
                  field="idCard"
                  masked={d.realName.idCard}
                  canReveal={canReveal && d.realName.idCardKept}
                  label="查看完整证件号"
                />
              ) : (
                '—'
              )}
            </Descriptions.Item>
            {d.realName.verified && canWrite?.can ? (
              <Descriptions.Item label="操作" span={2}>
                <Popconfirm
                  title="重置后该用户需重新实名认证"
                  okText="重置"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => act('realName', '已重置实名认证', () => resetRealName(p.id))}
                >
                  <Button size="small" danger loading={running === 'realName'}>
                    重置实名
                  </Button>
                </Popconfirm>
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <Descriptions title="资产（账本）" column={4} size="small" bordered>
            <Descriptions.Item label="余额">{formatFen(d.balances.wallet)}</Descriptions.Item>
            <Descriptions.Item label="红包">{formatFen(d.balances.redPacket)}</Descriptions.Item>
            <Descriptions.Item label="积分">{d.balances.points}</Descriptions.Item>
            <Descriptions.Item label="佣金">{formatFen(d.balances.commission)}</Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>
              订单（共 {d.orders.total} 笔，已支付 {d.orders.paid} 笔，
              {formatFen(d.orders.paidAmount)}）
            </Typography.Title>
            <Table<RecentOrder>
              rowKey="orderNo"
              size="small"
              pagination={false}
              dataSource={d.orders.recent}
              locale={{ emptyText: '暂无订单' }}
            >
              <Table.Column<RecentOrder> title="订单号" dataIndex="orderNo" />
              <Table.Column<RecentOrder> title="店铺" dataIndex="storeName" />
              <Table.Column<RecentOrder>
                title="状态"
                dataIndex="status"
                render={(s: string) => ORDER_STATUS[s] ?? s}
              />
              <Table.Column<RecentOrder>
                title="实付"
                dataIndex="payAmount"
                align="right"
                render={(fen: number) => formatFen(fen)}
              />
              <Table.Column<RecentOrder>
                title="下单时间"
                dataIndex="createdAt"
                render={(at: string) => formatChinaTime(at)}
              />
            </Table>
          </div>

          <div>
            <Typography.Title level={5}>登录设备（{d.sessions.length}）</Typography.Title>
            <Table<Session>
              rowKey={(s) => `${s.createdAt}-${s.userAgent}`}
              size="small"
              pagination={false}
              dataSource={d.sessions}
              locale={{ emptyText: '当前没有有效登录' }}
            >
              <Table.Column<Session>
                title="设备"
                dataIndex="userAgent"
                render={(ua: string) => (
                  <Typography.Text ellipsis={{ tooltip: ua }} style={{ maxWidth: 320 }}>
                    {ua || '未知设备'}
                  </Typography.Text>
                )}
              />
              <Table.Column<Session>
                title="最近活跃"
                dataIndex="lastSeenAt"
                render={(at: string) => formatChinaTime(at)}
              />
              <Table.Column<Session>
                title="登录时间"
                dataIndex="createdAt"
                render={(at: string) => formatChinaTime(at)}
              />
            </Table>
          </div>
        </Flex>
      )}
      <BanDialog
        userId={banning ? id : null}
        onClose={() => setBanning(false)}
        onDone={async () => {
          setBanning(false);
          open?.({ type: 'success', message: '已封禁，该用户已全部下线', key: 'user-ban' });
          await detail.reload();
          await invalidate({ resource: 'user', invalidates: ['list'] });
        }}
      />
    </Drawer>
  );
}
