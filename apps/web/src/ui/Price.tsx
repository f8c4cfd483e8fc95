import { priceParts } from '../core/format.ts';

/** ¥12.90 with the yuan larger than the cents, as Chinese shops print prices. */
export function Price({ fen, className }: { fen: number; className?: string }) {
  const { yuan, cents } = priceParts(fen);
  return (
    <span className={className ? `price ${className}` : 'price'}>
      <span className="price__symbol">¥</span>
      <span className="price__yuan">{yuan}</span>
      <span className="price__cents">.{cents}</span>
    </span>
  );
}
