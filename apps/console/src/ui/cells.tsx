import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatChinaTime } from './format.ts';

/** A cell's main text (— when empty) with quieter lines beneath it. */
export function Stacked({ main, sub }: { main: ReactNode; sub: readonly ReactNode[] }) {
  return (
    <div>
      <Typography.Text>{main || '—'}</Typography.Text>
      {sub.map((line, i) => (
        // The lines are fixed per column: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Typography.Text key={i} type="secondary" style={{ display: 'block' }}>
          {line}
        </Typography.Text>
      ))}
    </div>
  );
}

/** Who: the nickname, and the user id beneath it. */
export function UserCell({ nickname, userId }: { nickname: string | null; userId: number }) {
  return <Stacked main={nickname} sub={[`ID ${userId}`]} />;
}

/** A tag (a state, a reason) with the text that goes with it, two lines at most, in full on hover. */
export function TagWithNote(props: { tag: ReactNode; color?: string; note?: string | null }) {
  return (
    <div>
      <Tag color={props.color}>{props.tag}</Tag>
      {props.note ? <ClampedText text={props.note} rows={2} secondary /> : null}
    </div>
  );
}

/** Long text cut to `rows` lines, in full on hover. */
export function ClampedText(props: { text: string; rows: number; secondary?: boolean }) {
  return (
    <Typography.Paragraph
      type={props.secondary ? 'secondary' : undefined}
      ellipsis={{ rows: props.rows, tooltip: props.text }}
      style={{ margin: props.secondary ? '4px 0 0' : 0 }}
    >
      {props.text}
    </Typography.Paragraph>
  );
}

/** When it came in, and beneath it when it was dealt with (— while it is not). */
export function TimePair({ first, second }: { first: string; second: string | null }) {
  return (
    <div>
      {formatChinaTime(first)}
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {formatChinaTime(second)}
      </Typography.Text>
    </div>
  );
}
