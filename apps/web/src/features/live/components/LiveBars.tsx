/** The animated equaliser bars of a room that is on air. */
export function LiveBars({ className = '' }: { className?: string }) {
  return (
    <span className={`live-bars ${className}`} aria-hidden="true">
      <i />
      <i />
      <i />
    </span>
  );
}
