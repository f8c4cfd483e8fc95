import type { RedPacket } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '../../../core/format.ts';
import { PACKET_STATE_TEXT, packetFace } from '../../../ui/bills/billLabels.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { redPacketQuery } from '../api.ts';

interface Props {
  /** The packet tapped in the list: shown at once, then replaced by redPacket/detail's answer. */
  packet: RedPacket | null;
  visible: boolean;
  onClose: () => void;
  onOpen: (packet: RedPacket) => void;
}

/** A packet's details in a bottom sheet, with 立即拆开 while it is unopened. */
export function PacketDetailPopup({ packet, visible, onClose, onOpen }: Props) {
  const id = packet?.id ?? 0;
  const query = useQuery({
    ...redPacketQuery(id),
    enabled: visible && packet !== null,
    placeholderData: packet ?? undefined,
  });
  const shown = query.data ?? packet;
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="wl-detail"
    >
      {shown && <DetailBody packet={shown} onOpen={onOpen} />}
    </Popup>
  );
}

function DetailBody({
  packet,
  onOpen,
}: {
  packet: RedPacket;
  onOpen: (packet: RedPacket) => void;
}) {
  const face = packetFace(packet);
  const rows: [string, ReactNode][] = [
    ['来源', packet.sourceText],
    ['状态', PACKET_STATE_TEXT[packet.state]],
    [
      '金额',
      packet.state === 'opened' && packet.amount !== null
        ? formatPrice(packet.amount)
        : `${formatPrice(packet.minAmount)} ~ ${formatPrice(packet.maxAmount)}（拆开后确定）`,
    ],
    ['获得时间', formatDateTime(packet.createdAt)],
  ];
  if (packet.state === 'opened' && packet.openedAt) {
    rows.push(['拆开时间', formatDateTime(packet.openedAt)]);
  } else {
    rows.push([
      packet.state === 'expired' ? '过期时间' : '有效期至',
      formatDateTime(packet.expiresAt),
    ]);
  }
  return (
    <div
      className={`wl-detail__body wl-detail__body--${packet.state}`}
      data-testid="redpacket-detail"
    >
      <div className="wl-detail__face">
        {face.prefix && <small>{face.prefix}</small>}
        <strong>{formatPrice(face.fen)}</strong>
        <span>{packet.title}</span>
      </div>
      <dl className="wl-detail__rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="wl-detail__hint">
        拆开的红包计入红包余额，下单时可抵扣部分商品金额，详见
        <Link to={PATHS.redPacketRule}>《红包使用规则》</Link>
      </p>
      {packet.state === 'unopened' && (
        <Button block color="primary" shape="rounded" onClick={() => onOpen(packet)}>
          立即拆开
        </Button>
      )}
    </div>
  );
}
