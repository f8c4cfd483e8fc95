import type { Address } from '@chaopin/contracts';
import { LocationFill, RightOutline } from 'antd-mobile-icons';
import './addressRow.css';

/** The delivery address of an order being written; tapping it opens the address picker. */
export function AddressRow({
  address,
  onClick,
}: {
  address: Pick<Address, 'name' | 'phone' | 'fullAddress'> | null;
  onClick: () => void;
}) {
  return (
    <button type="button" className="wo-address card" data-testid="order-address" onClick={onClick}>
      <LocationFill className="wo-address__icon" />
      {address ? (
        <div className="wo-address__body">
          <div className="wo-address__who">
            {address.name} <span>{address.phone}</span>
          </div>
          <div className="wo-address__full">{address.fullAddress}</div>
        </div>
      ) : (
        <div className="wo-address__body wo-address__empty">请添加收货地址</div>
      )}
      <RightOutline />
    </button>
  );
}
