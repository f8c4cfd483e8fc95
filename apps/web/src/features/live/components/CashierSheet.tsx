import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';

/**
 * The payment app's cashier (the sandbox gateway's page) in a sheet over the room, so that paying
 * online never leaves the video; the caller watches the payment and closes the sheet when it lands.
 */
export function CashierSheet({
  url,
  title,
  onClose,
}: {
  /** The cashier page; null: closed. */
  url: string | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={url !== null}
      onMaskClick={onClose}
      bodyClassName="lp-sheet cashier-sheet"
      destroyOnClose
      style={{ zIndex: 1100 }}
    >
      <div className="cashier" data-testid="live-cashier">
        <header className="checkout__head">
          <span>{title}</span>
          <button type="button" className="checkout__close" aria-label="关闭" onClick={onClose}>
            <CloseOutline />
          </button>
        </header>
        {url && (
          <iframe
            className="cashier__frame"
            data-testid="live-cashier-frame"
            title={title}
            src={url}
          />
        )}
        <p className="cashier__tip">支付完成后将自动回到直播间</p>
      </div>
    </Popup>
  );
}
