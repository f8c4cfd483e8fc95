import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { showToast } from '../../../ui/toast.ts';

export interface ChosenLocation {
  description: string;
  latitude: number;
  longitude: number;
}

/** An address and coordinates (taken from the device when it allows): no map service is reachable. */
export function LocationForm({
  title,
  action,
  onDone,
}: {
  /** Shown above the fields (a sheet has no navigation bar to say it). */
  title?: string;
  action: string;
  onDone: (loc: ChosenLocation) => void;
}) {
  const [description, setDescription] = useState('');
  const [lat, setLat] = useState('30.27415');
  const [lng, setLng] = useState('120.15515');
  const locate = () =>
    navigator.geolocation?.getCurrentPosition(
      (p) => {
        setLat(p.coords.latitude.toFixed(6));
        setLng(p.coords.longitude.toFixed(6));
      },
      () => showToast('无法获取当前位置'),
      { timeout: 5000 },
    );
  const done = () => {
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (!description.trim()) return showToast('请输入地址');
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) || !lat || !lng)
      return showToast('坐标不正确');
    onDone({ description: description.trim(), latitude, longitude });
  };
  return (
    <div className="chat-loc-form">
      {title && <div className="chat-loc-form__title">{title}</div>}
      <Input placeholder="地址" value={description} onChange={setDescription} maxLength={200} />
      <div className="chat-loc-form__row">
        <Input placeholder="纬度" value={lat} onChange={setLat} />
        <Input placeholder="经度" value={lng} onChange={setLng} />
        <Button size="small" onClick={locate}>
          定位
        </Button>
      </div>
      <Button block color="primary" onClick={done}>
        {action}
      </Button>
    </div>
  );
}
