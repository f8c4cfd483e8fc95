import { Space } from 'antd';
import type { ReactNode } from 'react';

/** A goods row's picture (square, cropped) with its text beside it. */
export function GoodsCell(props: { image: string; size: number; children: ReactNode }) {
  return (
    <Space align="start">
      <img
        src={props.image}
        alt=""
        width={props.size}
        height={props.size}
        loading="lazy"
        style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
      />
      {props.children}
    </Space>
  );
}
