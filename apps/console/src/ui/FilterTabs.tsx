import type { CrudFilter } from '@refinedev/core';
import { Segmented } from 'antd';

export interface FilterTab<V extends string> {
  value: V | 'all';
  label: string;
}

/**
 * The status tabs above a list (全部 / 待处理 / …): an `eq` filter on one field, replacing the
 * previous one; 全部 clears it.
 */
export function FilterTabs<V extends string>(props: {
  field: string;
  tabs: readonly FilterTab<V>[];
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
}) {
  const current = props.filters.find((f) => 'field' in f && f.field === props.field);
  const value = (current && 'field' in current ? String(current.value) : 'all') as V | 'all';
  return (
    <Segmented
      value={value}
      options={props.tabs.map((t) => ({ value: t.value, label: t.label }))}
      onChange={(next) =>
        props.setFilters([
          { field: props.field, operator: 'eq', value: next === 'all' ? undefined : next },
        ])
      }
      style={{ marginBottom: 16 }}
    />
  );
}
