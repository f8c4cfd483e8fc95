import type { Region } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { CascadePicker, type CascadePickerOption } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { regionsQuery } from '../api.ts';

export interface RegionValue {
  provinceCode: string;
  province: string;
  cityCode: string;
  city: string;
  districtCode: string;
  district: string;
}

interface Props {
  visible: boolean;
  value: RegionValue | null;
  onClose: () => void;
  onConfirm: (value: RegionValue) => void;
}

const option = (r: Region, children?: CascadePickerOption[]): CascadePickerOption => ({
  label: r.name,
  value: r.code,
  children,
});

/** Picks an existing code of the list, else its first entry. */
function pick(list: Region[] | undefined, code: string | undefined): Region | undefined {
  return list?.find((r) => r.code === code) ?? list?.[0];
}

/**
 * Province / city / district wheels. The server answers one level at a time (address/levelList),
 * so only the branch being looked at carries children; turning a wheel loads the next level.
 */
export function RegionPicker({ visible, value, onClose, onConfirm }: Props) {
  const [path, setPath] = useState<string[]>([]);
  useEffect(() => {
    if (visible) setPath(value ? [value.provinceCode, value.cityCode, value.districtCode] : []);
  }, [visible, value]);

  const provinces = useQuery({ ...regionsQuery(''), enabled: visible });
  const province = pick(provinces.data, path[0]);
  const cities = useQuery({ ...regionsQuery(province?.code ?? ''), enabled: Boolean(province) });
  const city = pick(cities.data, path[1]);
  const districts = useQuery({ ...regionsQuery(city?.code ?? ''), enabled: Boolean(city) });
  const district = pick(districts.data, path[2]);

  const options = (provinces.data ?? []).map((p) =>
    option(
      p,
      p.code === province?.code
        ? (cities.data ?? []).map((c) =>
            option(c, c.code === city?.code ? (districts.data ?? []).map((d) => option(d)) : []),
          )
        : [],
    ),
  );
  const ready = Boolean(province && city && district);

  return (
    <CascadePicker
      title="选择所在地区"
      visible={visible}
      options={options}
      loading={!provinces.data}
      value={[province?.code ?? null, city?.code ?? null, district?.code ?? null]}
      onSelect={(v) => setPath(v.map((x) => String(x ?? '')))}
      onClose={onClose}
      onCancel={onClose}
      confirmText={ready ? '确定' : '加载中'}
      cancelText="取消"
      onConfirm={() => {
        if (!province || !city || !district) return;
        onConfirm({
          provinceCode: province.code,
          province: province.name,
          cityCode: city.code,
          city: city.name,
          districtCode: district.code,
          district: district.name,
        });
      }}
    />
  );
}
