import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import type { ConsoleMe } from '@chaopin/contracts';
import type { Message } from '@chaopin/im-sdk';
import { useCan, useGetIdentity, useNotification } from '@refinedev/core';
import {
  Alert,
  Button,
  Empty,
  Flex,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import { askNotifyPermission, chime, notify, notifyPermission } from './alerts.ts';
import {
  claim,
  type DeskConversation,
  loadMine,
  loadQueue,
  loadQuickReplies,
  type QuickReply,
} from './api.ts';
import { BuyerPane } from './BuyerPane.tsx';
import { ChatPane } from './ChatPane.tsx';
import { ConversationLists } from './ConversationLists.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { type NetState, useDeskIm } from './useDeskIm.ts';

/** The lists load again this often (and shortly after every buyer message). */
const POLL_MS = 5000;
const NET: Record<NetState, [string, string]> = {
  idle: ['default', '未连接'],
  connecting: ['processing', '连接中'],
  connected: ['success', '在线接待中'],
  disconnected: ['error', '已断开'],
};

/** Which store the desk answers for: a 客服 of several stores picks; the operator types an id. */
function useStore(me: ConsoleMe | undefined) {
  const [picked, setPicked] = useState<number | null>(null);
  const stores = me?.storeIds ?? null;
  const storeId = picked ?? (stores ? (stores[0] ?? null) : null);
  return { storeId, stores, setPicked, isOperator: me !== undefined && stores === null };
}

/**
 * 客服工作台: the store side of the shop chat, as the store's chat account. Left: the buyers
 * waiting (oldest first) and the agent's own conversations; middle: the chat; right: the buyer.
 */
export default function KefuDesk() {
  const { token } = theme.useToken();
  const { open } = useNotification();
  const { data: me } = useGetIdentity<ConsoleMe>();
  const { data: can } = useCan({ resource: 'kefu', action: 'edit' });
  const canWrite = can?.can === true;
  const { storeId, stores, setPicked, isOperator } = useStore(me);
  const [queue, setQueue] = useState<DeskConversation[]>([]);
  const [mine, setMine] = useState<DeskConversation[]>([]);
  const [fetchedAt, setFetchedAt] = useState(Date.now());
  const [now, setNow] = useState(Date.now());
  const [selected, setSelected] = useState<DeskConversation | null>(null);
  const [received, setReceived] = useState<Message[]>([]);
  const [claiming, setClaiming] = useState<number | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [quick, setQuick] = useState<QuickReply[]>([]);
  const [settings, setSettings] = useState(false);
  const [permission, setPermission] = useState(notifyPermission());
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refresh = useCallback(async () => {
    if (storeId === null) return;
    try {
      const [q, m] = await Promise.all([loadQueue(storeId), loadMine(storeId)]);
      setQueue(q.list);
      setMine(m.list);
      setFetchedAt(Date.now());
      setListError(null);
      // The open conversation follows its state (claimed, transferred, closed, reopened).
      setSelected((s) => (s ? ([...m.list, ...q.list].find((c) => c.id === s.id) ?? s) : s));
    } catch (e) {
      setListError(errorMessage(e, '会话列表加载失败'));
    }
  }, [storeId]);
  const refreshSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void refresh(), 400);
  }, [refresh]);

  const reloadQuick = useCallback(async () => {
    if (storeId === null) return;
    setQuick((await loadQuickReplies(storeId).catch(() => ({ list: [] }))).list);
  }, [storeId]);

  const onMessages = useCallback(
    (list: Message[]) => {
      setReceived((r) => [...r, ...list].slice(-500));
      const fromBuyer = list.filter((m) => m.flow === 'in' && m.conversationType === 'C2C');
      if (!fromBuyer.length) return;
      chime();
      const last = fromBuyer[fromBuyer.length - 1] as Message;
      notify(
        `${last.nick || '买家'}发来新消息`,
        last.type === 'TIMTextElem' ? String(last.payload.text ?? '') : '[新消息]',
        () => undefined,
      );
      refreshSoon();
    },
    [refreshSoon],
  );
  const im = useDeskIm(storeId, onMessages);

  useEffect(() => {
    setSelected(null);
    setReceived([]);
    void refresh();
    void reloadQuick();
    const poll = setInterval(() => void refresh(), POLL_MS);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
      clearTimeout(refreshTimer.current);
    };
  }, [refresh, reloadQuick]);

  const doClaim = async (c: DeskConversation) => {
    setClaiming(c.id);
    try {
      const state = await claim(c.id);
      setSelected({ ...c, status: state.status, agentUserId: state.agentUserId });
      open?.({ type: 'success', message: '已接入', key: `kefu-claim-${c.id}` });
    } catch (e) {
      open?.({ type: 'error', message: '接入失败', description: errorMessage(e) });
    } finally {
      setClaiming(null);
      await refresh();
    }
  };

  const elapsed = Math.max(0, Math.floor((now - fetchedAt) / 1000));
  const supervisor = me?.role === 'operator' || me?.role === 'owner';
  const [netColor, netText] = NET[im.error ? 'disconnected' : im.net];
  const storeOptions = useMemo(
    () => (stores ?? []).map((id) => ({ value: id, label: `店铺 #${id}` })),
    [stores],
  );

  return (
    <Flex vertical gap={token.margin} style={{ height: 'calc(100vh - 112px)', minHeight: 560 }}>
      <Flex justify="space-between" align="center">
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>
            客服工作台
          </Typography.Title>
          {isOperator ? (
            <InputNumber
              min={1}
              precision={0}
              placeholder="店铺ID"
              addonBefore="店铺ID"
              value={storeId ?? undefined}
              onChange={(v) => setPicked(typeof v === 'number' ? v : null)}
              style={{ width: 180 }}
            />
          ) : storeOptions.length > 1 ? (
            <Select
              value={storeId}
              options={storeOptions}
              onChange={setPicked}
              style={{ width: 160 }}
            />
          ) : null}
          <Tag color={netColor} data-testid="kefu-net">
            {netText}
          </Tag>
        </Space>
        <Space>
          {permission === 'default' ? (
            <Button
              icon={<BellOutlined />}
              onClick={async () => setPermission(await askNotifyPermission())}
            >
              开启桌面通知
            </Button>
          ) : null}
          <Button
            icon={<SettingOutlined />}
            onClick={() => setSettings(true)}
            disabled={storeId === null}
          >
            设置
          </Button>
        </Space>
      </Flex>
      {im.error ? <Alert type="error" showIcon message={im.error} /> : null}
      {listError ? <Alert type="warning" showIcon message={listError} /> : null}
      {storeId === null ? (
        <Empty description="请输入要接待的店铺ID" />
      ) : (
        <Flex
          style={{
            flex: 1,
            minHeight: 0,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            overflow: 'hidden',
          }}
        >
          <div style={{ width: 300, borderRight: `1px solid ${token.colorBorderSecondary}` }}>
            <ConversationLists
              queue={queue}
              mine={mine}
              elapsed={elapsed}
              selected={selected?.id ?? null}
              canClaim={canWrite}
              claiming={claiming}
              onSelect={setSelected}
              onClaim={doClaim}
            />
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            {selected && im.tim && im.ready ? (
              <ChatPane
                tim={im.tim}
                storeId={storeId}
                conv={selected}
                me={me?.userId ?? 0}
                canWrite={canWrite}
                supervisor={supervisor}
                received={received}
                quickReplies={quick}
                claiming={claiming === selected.id}
                onClaim={() => doClaim(selected)}
                onChanged={refreshSoon}
              />
            ) : (
              <Empty
                style={{ marginTop: 160 }}
                description={im.ready ? '选择左侧的买家开始接待' : '正在连接客服账号…'}
              />
            )}
          </div>
          <div
            style={{
              width: 320,
              padding: 12,
              overflowY: 'auto',
              borderLeft: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {selected ? (
              <BuyerPane storeId={storeId} buyer={selected.buyer.userID} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="买家信息与订单" />
            )}
          </div>
        </Flex>
      )}
      {storeId !== null ? (
        <SettingsDrawer
          open={settings}
          onClose={() => setSettings(false)}
          storeId={storeId}
          canWrite={canWrite}
          quickReplies={quick}
          onQuickRepliesChanged={reloadQuick}
        />
      ) : null}
    </Flex>
  );
}
