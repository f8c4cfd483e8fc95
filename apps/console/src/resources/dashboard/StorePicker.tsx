import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

const loadSelect = () => import('./StoreSelect.tsx');
const StoreSelect = lazy(loadSelect);

/**
 * The operator's store picker: a button showing the scope until it is first used, then the
 * searchable Select (its own chunk, fetched on hover or focus, so it is there by the click).
 */
export function StorePicker(props: {
  value: number | undefined;
  /** The chosen store's name (the summary's), shown on the button. */
  label: string | undefined;
  onChange: (storeId: number | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const trigger = (
    <Button
      data-testid={open ? undefined : 'store-picker'}
      style={{ width: 220, display: 'inline-flex', justifyContent: 'space-between' }}
      onPointerEnter={() => void loadSelect()}
      onFocus={() => void loadSelect()}
      onClick={() => setOpen(true)}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {props.value ? (props.label ?? `店铺 ${props.value}`) : '全平台'}
      </span>
      <DownOutlined style={{ fontSize: 12 }} />
    </Button>
  );
  if (!open) return trigger;
  return (
    <Suspense fallback={trigger}>
      <StoreSelect {...props} />
    </Suspense>
  );
}
