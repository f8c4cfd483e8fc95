import { NavBar, type NavBarProps } from 'antd-mobile';
import { useLayoutEffect, useRef } from 'react';

/**
 * antd-mobile's NavBar with a named back button. NavBar always renders its left slot as
 * `role="button"` with no accessible name (the back text is aria-hidden, the arrow an unlabelled
 * icon), also on tab pages where it holds nothing: screen readers announce an unnamed button and
 * Lighthouse fails aria-command-name. Here the slot is "返回" when it goes back, and no button at
 * all when it is empty (`back={null}`).
 */
export function AppNavBar(props: NavBarProps) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const left = box.current?.querySelector('.adm-nav-bar-left');
    if (!left) return;
    if (props.back === null && !props.left) {
      left.removeAttribute('role');
    } else if (props.back !== null) {
      left.setAttribute('aria-label', '返回');
    }
  });
  return (
    <div ref={box} className="app-navbar__box">
      <NavBar {...props} />
    </div>
  );
}
