import { Select } from 'antd';
import { useState } from 'react';
import { useLoad } from '../../ui/useLoad.ts';
import { loadStores } from './api.ts';

/**
 * The operator's choice: the whole platform (no store) or one store, found by name or id. Loaded
 * when the operator first reaches for it (StorePicker): antd Select is ~25 KB gz.
 */
export default function StoreSelect(props: {
  value: number | undefined;
  label: string | undefined;
  onChange: (storeId: number | undefined) => void;
}) {
  const [q, setQ] = useState('');
  const stores = useLoad(() => loadStores(q), q);
  return (
    <Select
      data-testid="store-picker"
      showSearch
      autoFocus
      defaultOpen
      allowClear
      filterOption={false}
      placeholder="全平台"
      style={{ width: 220 }}
      value={props.value}
      loading={stores.loading}
      onSearch={(text) => setQ(text.trim().slice(0, 40))}
      onChange={(id?: number) => props.onChange(id)}
      options={
        stores.data
          ? stores.data.map((s) => ({ value: s.id, label: `${s.name}（${s.id}）` }))
          : // The chosen store's name while the list loads (not its bare id).
            props.value && props.label
            ? [{ value: props.value, label: props.label }]
            : []
      }
      notFoundContent={stores.loading ? '加载中…' : '没有匹配的店铺'}
    />
  );
}
