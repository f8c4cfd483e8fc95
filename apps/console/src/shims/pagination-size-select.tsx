import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';

interface SizeOption {
  label: ReactNode;
  value: number | string;
}

/**
 * The page-size choice of antd's Pagination (`20 条/页` ▾), as a button and a menu: antd's
 * Select there would bring rc-select and rc-virtual-list (~20 KB gz) into every list page for one
 * short list of numbers. vite.config.ts points Pagination's Select import here; a page's own
 * Select is antd's. Takes the props Pagination gives its size changer.
 */
export default function PageSizeSelect(props: {
  value?: number | string;
  options?: SizeOption[];
  onChange?: (value: number | string, option: SizeOption) => void;
  disabled?: boolean;
  size?: 'small' | 'middle' | 'large';
  className?: string;
  'aria-label'?: string;
  getPopupContainer?: (node: HTMLElement) => HTMLElement;
}) {
  const options = props.options ?? [];
  const current = options.find((o) => String(o.value) === String(props.value));
  return (
    <Dropdown
      trigger={['click']}
      disabled={props.disabled}
      getPopupContainer={props.getPopupContainer}
      menu={{
        items: options.map((o) => ({ key: String(o.value), label: o.label })),
        selectable: true,
        selectedKeys: current ? [String(current.value)] : [],
        onClick: ({ key }) => {
          const option = options.find((o) => String(o.value) === key);
          if (option) props.onChange?.(option.value, option);
        },
      }}
    >
      <Button
        size={props.size}
        className={props.className}
        aria-label={props['aria-label']}
        disabled={props.disabled}
      >
        {current?.label ?? props.value}
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
