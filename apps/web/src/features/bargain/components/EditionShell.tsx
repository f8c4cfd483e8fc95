import type { BargainEditionId } from '@chaopin/contracts';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A bargain page in its edition's theme: the class picks the palette (the New Year edition's
 * red and gold), the operator's theme colour overrides the main colour when known.
 */
export function EditionShell({
  edition,
  themeColor,
  children,
}: {
  edition: BargainEditionId;
  themeColor?: string;
  children: ReactNode;
}) {
  const style = themeColor ? ({ '--bg-theme': themeColor } as CSSProperties) : undefined;
  return (
    <div className={`bg bg--${edition}`} style={style} data-edition={edition}>
      {children}
    </div>
  );
}
