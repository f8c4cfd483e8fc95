import { RED_PACKET_TABS, type RedPacket } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Dialog, Tabs } from 'antd-mobile';
import { DeleteOutline, ExclamationCircleOutline, GiftOutline } from 'antd-mobile-icons';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatPrice } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import {
  assetsQuery,
  type RedPacketTab,
  redPacketApi,
  redPacketsQuery,
  refreshWallet,
  walletKeys,
} from '../api.ts';
import { OpenPacketModal } from '../components/OpenPacketModal.tsx';
import { PacketCard } from '../components/PacketCard.tsx';
import { PacketDetailPopup } from '../components/PacketDetailPopup.tsx';
import '../../../ui/bills/wallet.css';

const { reachBottomDistance } = pageConfigFor(PATHS.redPacket);

const TAB_TEXT: Record<RedPacketTab, string> = {
  all: '全部',
  unopened: '未拆',
  opened: '已拆',
  expired: '已过期',
};
const EMPTY_TEXT: Record<RedPacketTab, string> = {
  all: '暂无红包',
  unopened: '暂无待拆的红包',
  opened: '暂无已拆的红包',
  expired: '暂无过期的红包',
};

const isTab = (v: string | null): v is RedPacketTab =>
  (RED_PACKET_TABS as readonly (string | null)[]).includes(v);

/**
 * 我的红包: the red-packet balance, the packets by state (拆 an unopened one to fix its amount),
 * 一键删除过期 and each packet's detail. The page config gives it pull-to-refresh.
 */
export default function RedPacketPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const tab: RedPacketTab = isTab(wanted) ? wanted : 'all';
  // The header shares 我的资产's figures (same cache), so it stays put while tabs load.
  const assets = useQuery(assetsQuery());

  const [opening, setOpening] = useState<RedPacket | null>(null);
  const [detail, setDetail] = useState<RedPacket | null>(null);
  const [detailVisible, setDetailVisible] = useState(false);

  const open = useMutation({
    mutationFn: (id: number) => redPacketApi.open(id),
    meta: { toast: false },
    onSuccess: (data) => {
      queryClient.setQueryData(walletKeys.redPacket(data.packet.id), data.packet);
      void refreshWallet(queryClient);
    },
    onError: (error) => {
      setOpening(null);
      showToast(isApiError(error) ? error.msg : '拆红包失败，请稍后重试');
      // It may have expired or been opened on another device meanwhile.
      void refreshWallet(queryClient);
    },
  });
  const mutateOpen = open.mutate;
  const startOpen = useCallback(
    (packet: RedPacket) => {
      setDetailVisible(false);
      setOpening(packet);
      mutateOpen(packet.id);
    },
    [mutateOpen],
  );
  const closeOpening = useCallback(() => setOpening(null), []);

  const removeExpired = useMutation({
    mutationFn: redPacketApi.deleteExpired,
    onSuccess: ({ deleted }) => {
      showToast(deleted > 0 ? `已删除${deleted}个过期红包` : '没有过期的红包');
      void refreshWallet(queryClient);
    },
  });
  const confirmRemove = async () => {
    const ok = await Dialog.confirm({
      title: '删除过期红包',
      content: '确定删除全部已过期的红包吗？删除后不可恢复。',
      confirmText: '删除',
      cancelText: '取消',
    });
    if (ok) removeExpired.mutate();
  };

  const showDetail = useCallback((packet: RedPacket) => {
    setDetail(packet);
    setDetailVisible(true);
  }, []);

  const unopened = assets.data?.unopenedRedPackets ?? 0;
  return (
    <div className="wl-rp">
      <section className="wl-rp__head">
        <div className="wl-rp__label">红包余额（元）</div>
        <div className="wl-rp__value" data-testid="redpacket-balance">
          {assets.data ? formatPrice(assets.data.redPacketBalance, false) : '--'}
        </div>
        <div className="wl-rp__note">
          {unopened > 0
            ? `${unopened}个红包待拆，过期未拆将失效`
            : '拆开的红包计入红包余额，下单可抵扣'}
        </div>
        <Link className="wl-rp__rule" to={PATHS.redPacketRule}>
          使用规则
        </Link>
      </section>

      <div className="wl-rp__tabs">
        <Tabs activeKey={tab} onChange={(key) => setParams({ status: key }, { replace: true })}>
          {RED_PACKET_TABS.map((key) => (
            <Tabs.Tab
              key={key}
              title={
                key === 'unopened' && unopened > 0 ? (
                  <Badge content={unopened > 99 ? '99+' : unopened}>{TAB_TEXT[key]}</Badge>
                ) : (
                  TAB_TEXT[key]
                )
              }
            />
          ))}
        </Tabs>
        <div className="wl-rp__bar">
          <span>过期红包可一键清理</span>
          <button
            type="button"
            className="wl-rp__delete"
            data-testid="redpacket-delete-expired"
            disabled={removeExpired.isPending}
            onClick={() => void confirmRemove()}
          >
            <DeleteOutline /> 一键删除过期
          </button>
        </div>
      </div>

      <PacketFeed
        key={tab}
        tab={tab}
        openingId={open.isPending ? (open.variables ?? null) : null}
        onOpen={startOpen}
        onDetail={showDetail}
      />

      <PacketDetailPopup
        packet={detail}
        visible={detailVisible}
        onClose={() => setDetailVisible(false)}
        onOpen={startOpen}
      />
      {opening && (
        <OpenPacketModal
          key={opening.id}
          packet={opening}
          result={open.data?.packet ?? null}
          onClose={closeOpening}
        />
      )}
    </div>
  );
}

function PacketFeed({
  tab,
  openingId,
  onOpen,
  onDetail,
}: {
  tab: RedPacketTab;
  openingId: number | null;
  onOpen: (packet: RedPacket) => void;
  onDetail: (packet: RedPacket) => void;
}) {
  const query = useInfiniteQuery(redPacketsQuery(tab));
  const packets = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={packets.length === 0}
      errorIcon={<ExclamationCircleOutline />}
      empty={<EmptyState icon={<GiftOutline />} title={EMPTY_TEXT[tab]} />}
    >
      <div className="wl-rp__list">
        {packets.map((packet) => (
          <PacketCard
            key={packet.id}
            packet={packet}
            opening={openingId === packet.id}
            onOpen={onOpen}
            onDetail={onDetail}
          />
        ))}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </div>
    </ListStates>
  );
}
