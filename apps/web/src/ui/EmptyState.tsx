import type { ReactNode } from 'react';
import './emptyState.css';

interface Props {
  icon?: ReactNode;
  title: string;
  description?: string;
  /** Makes the whole block a button, e.g. "加载失败，点击重试". */
  onClick?: () => void;
  children?: ReactNode;
}

/**
 * A light empty/error placeholder for the home route. antd-mobile's ErrorBlock carries four SVG
 * illustrations (~5 KB gzip) that the first screen cannot afford; lazy pages still use it.
 */
export function EmptyState({ icon, title, description, onClick, children }: Props) {
  const body = (
    <>
      {icon && <span className="empty-state__icon">{icon}</span>}
      <span className="empty-state__title">{title}</span>
      {description && <span className="empty-state__desc">{description}</span>}
    </>
  );
  if (onClick) {
    return (
      <button type="button" className="empty-state empty-state--button" onClick={onClick}>
        {body}
        {children}
      </button>
    );
  }
  return (
    <div className="empty-state">
      {body}
      {children}
    </div>
  );
}
