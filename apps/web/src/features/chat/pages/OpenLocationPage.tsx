import { List } from 'antd-mobile';
import { LocationFill } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import '../../../ui/chat/chat.css';

/** /open-location: a shared location's address and coordinates (no map service is reachable). */
export default function OpenLocationPage() {
  const [params] = useSearchParams();
  const lat = Number(params.get('latitude'));
  const lng = Number(params.get('longitude'));
  return (
    <div className="open-location">
      <div className="open-location__pin" aria-hidden>
        <LocationFill />
      </div>
      <List>
        <List.Item description="地址">{params.get('address') || '未知地址'}</List.Item>
        <List.Item description="纬度, 经度">
          {Number.isFinite(lat) ? lat.toFixed(6) : '-'},{' '}
          {Number.isFinite(lng) ? lng.toFixed(6) : '-'}
        </List.Item>
      </List>
    </div>
  );
}
