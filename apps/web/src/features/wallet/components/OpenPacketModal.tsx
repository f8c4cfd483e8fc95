import type { RedPacket } from '@chaopin/contracts';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatPrice } from '../../../core/format.ts';

/**
 * The coin spins at least this long: a server that answers at once would otherwise cut the
 * animation to a flicker, and the suspense is the point of 拆.
 */
export const MIN_SPIN_MS = 900;

interface Props {
  /** The packet being opened (mounted for one opening: the spin starts on mount). */
  packet: RedPacket;
  /** The server's answer for that packet (its amount fixed), once it came. */
  result: RedPacket | null;
  onClose: () => void;
}

/** 拆红包: an envelope whose coin spins until the server's amount is in, then opens on it. */
export function OpenPacketModal({ packet, result, onClose }: Props) {
  const [spun, setSpun] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSpun(true), MIN_SPIN_MS);
    return () => clearTimeout(timer);
  }, []);

  const opened = result !== null && result.id === packet.id ? result : null;
  const revealed = opened !== null && spun;

  useEffect(() => {
    if (revealed) closeButton.current?.focus();
  }, [revealed]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <div className="wl-open" role="dialog" aria-modal="true" aria-label="拆红包">
      <div className={revealed ? 'wl-open__envelope is-open' : 'wl-open__envelope'}>
        <div className="wl-open__letter" aria-live="polite">
          {revealed && opened && (
            <>
              <span className="wl-open__congrats">恭喜获得</span>
              <strong className="wl-open__amount" data-testid="redpacket-opened-amount">
                {formatPrice(opened.amount ?? 0)}
              </strong>
              <span className="wl-open__note">已存入红包余额</span>
            </>
          )}
        </div>
        <div className="wl-open__body">
          <span className="wl-open__source">{packet.sourceText}</span>
          <span className="wl-open__title">{packet.title}</span>
          {!revealed && <span className="wl-open__hint">最高{formatPrice(packet.maxAmount)}</span>}
        </div>
        <div className="wl-open__flap" />
        <span className="wl-open__coin" aria-hidden="true">
          拆
        </span>
        {revealed && (
          <button type="button" ref={closeButton} className="wl-open__accept" onClick={onClose}>
            开心收下
          </button>
        )}
      </div>
      <button type="button" className="wl-open__close" aria-label="关闭" onClick={onClose}>
        <CloseOutline />
      </button>
    </div>,
    document.body,
  );
}
