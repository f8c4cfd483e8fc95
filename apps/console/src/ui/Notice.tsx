import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A page-sized message (no such page, no permission yet): antd's Result would bring its three
 * large illustrations into the first load (~8 KB gz), for a line of text and an action.
 */
export function Notice(props: { title: string; detail: ReactNode; extra?: ReactNode }) {
  return (
    <Empty
      style={{ margin: '96px auto' }}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Title level={4}>{props.title}</Typography.Title>
          <Typography.Paragraph type="secondary">{props.detail}</Typography.Paragraph>
        </>
      }
    >
      {props.extra}
    </Empty>
  );
}
