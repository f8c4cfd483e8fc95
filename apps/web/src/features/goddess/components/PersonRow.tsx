import type { ReactNode } from 'react';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';

/** A person in a list: the avatar, the nickname, a line under it and something on the right. */
export function PersonRow(p: {
  avatar: string;
  nickname: string;
  sub: ReactNode;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="gd-person" data-testid={p.testId}>
      <Img className="gd-person__avatar" src={p.avatar} fallback={DEFAULT_AVATAR} alt="" />
      <div className="gd-person__main">
        <div className="gd-person__name">{p.nickname || '用户'}</div>
        <div className="gd-person__sub">{p.sub}</div>
      </div>
      {p.extra !== undefined && <div className="gd-person__extra">{p.extra}</div>}
    </div>
  );
}
