import './skeleton.css';

/** A line of placeholder text, as tall as the text it stands for. */
export function SkeletonText({
  className = '',
  size,
}: {
  className?: string;
  size?: 'long' | 'short';
}) {
  return (
    <span className={`sk-text ${size ? `sk-text--${size}` : ''} ${className}`}>{'\u00a0'}</span>
  );
}

/** `count` keys for placeholder lists. */
export const placeholders = (count: number) => Array.from({ length: count }, (_, i) => `sk-${i}`);

/** "Loading more" dots that cost no layout or paint per frame (CSS opacity only). */
export function LoadingDots() {
  return (
    <span className="loading-dots" aria-hidden="true">
      <i />
      <i />
      <i />
    </span>
  );
}
