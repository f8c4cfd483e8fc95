import type { CrudFilter } from '@refinedev/core';
import { Select } from 'antd';
import { filterValue } from './filters.ts';

/** A list's choice filter on one field (`eq`); cleared, the list shows every value again. */
export function FilterSelect(props: {
  field: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
  width?: number;
}) {
  return (
    <Select
      allowClear
      placeholder={props.placeholder}
      style={{ width: props.width ?? 160 }}
      value={filterValue(props.filters, props.field)}
      options={props.options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(value?: string) =>
        props.setFilters([{ field: props.field, operator: 'eq', value: value || undefined }])
      }
    />
  );
}
