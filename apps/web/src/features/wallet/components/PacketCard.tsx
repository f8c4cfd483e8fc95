import type { RedPacket } from '@chaopin/contracts';
import { formatDate, formatDateTime, priceParts } from '../../../core/format.ts';
import { expiryText, PACKET_STATE_TEXT, packetFace } from '../../../ui/bills/billLabels.ts';

interface Props {
  packet: RedPacket;
  /** The 拆 of this packet is on its way (the button waits for it). */
  opening: boolean;
  onOpen: (packet: RedPacket) => void;
  onDetail: (packet: RedPacket) => void;
}

function timeLine(packet: RedPacket): string {
  if (packet.state === 'opened' && packet.openedAt)
    return `${formatDateTime(packet.openedAt)} 拆开`;
  if (packet.state === 'expired') return `${formatDate(packet.expiresAt)} 已过期`;
  return expiryText(packet.expiresAt);
}

/** One packet of 我的红包: its face (最高¥X, or the amount once opened) and 拆 while unopened. */
export function PacketCard({ packet, opening, onOpen, onDetail }: Props) {
  const face = packetFace(packet);
  const { yuan, cents } = priceParts(face.fen);
  return (
    <article className={`wl-packet wl-packet--${packet.state}`} data-testid="redpacket">
      <button type="button" className="wl-packet__main" onClick={() => onDetail(packet)}>
        <span className="wl-packet__face">
          {face.prefix && <small>{face.prefix}</small>}
          <span className="wl-packet__amount">
            <i>¥</i>
            {yuan}
            <i>.{cents}</i>
          </span>
        </span>
        <span className="wl-packet__info">
          <span className="wl-packet__title">{packet.title}</span>
          <span className="wl-packet__source">{packet.sourceText}</span>
          <span className="wl-packet__time">{timeLine(packet)}</span>
        </span>
      </button>
      {packet.state === 'unopened' ? (
        <button
          type="button"
          className="wl-packet__open"
          data-testid={`redpacket-open-${packet.id}`}
          disabled={opening}
          onClick={() => onOpen(packet)}
        >
          拆
        </button>
      ) : (
        <span className="wl-packet__state">{PACKET_STATE_TEXT[packet.state]}</span>
      )}
    </article>
  );
}
