import type { CrudFilter } from '@refinedev/core';
import { Input } from 'antd';
import { filterValue } from './filters.ts';

/** A list's one search box: the `q` the API searches by (≤ 40 characters). */
export function SearchBox(props: {
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;
  placeholder: string;
  width?: number;
}) {
  return (
    <Input.Search
      allowClear
      maxLength={40}
      defaultValue={filterValue(props.filters, 'q')}
      placeholder={props.placeholder}
      style={{ width: props.width ?? 260 }}
      onSearch={(text) =>
        props.setFilters([{ field: 'q', operator: 'contains', value: text.trim() || undefined }])
      }
    />
  );
}
