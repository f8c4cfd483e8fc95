import type { theme } from 'antd';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type Token = ReturnType<typeof theme.useToken>['token'];

/** One line of a tooltip: a title line has no value; a series line has its colour. */
export interface TipRow {
  label: string;
  value?: string;
  color?: string;
}

/**
 * A uPlot chart as wide as its box: built anew when its options or data change (a new theme, a
 * new period: a few ms on canvas), resized with its box, destroyed with the component.
 */
export function Plot(props: {
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { options, data } = props;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const u = new uPlot({ ...options, width: Math.max(el.clientWidth, 100) }, data, el);
    const resized = new ResizeObserver(() => {
      const width = Math.max(el.clientWidth, 100);
      if (width !== u.width) u.setSize({ width, height: options.height });
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      u.destroy();
    };
  }, [options, data]);

  return <div ref={box} data-testid={props.testId} style={{ width: '100%', minWidth: 0 }} />;
}

/**
 * A tooltip that follows the cursor over the plot, in the console's theme (antd's tooltip look),
 * with the lines `rows` gives for the hovered point.
 */
export function tooltip(token: Token, rows: (u: uPlot, idx: number) => TipRow[]): uPlot.Plugin {
  let tip: HTMLDivElement | undefined;
  const hide = () => {
    if (tip) tip.style.display = 'none';
  };
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.setAttribute('role', 'tooltip');
        tip.className = 'chart-tooltip';
        Object.assign(tip.style, {
          position: 'absolute',
          display: 'none',
          pointerEvents: 'none',
          zIndex: '10',
          minWidth: '120px',
          padding: '6px 10px',
          borderRadius: `${token.borderRadius}px`,
          background: token.colorBgElevated,
          color: token.colorText,
          boxShadow: token.boxShadowSecondary,
          fontSize: '12px',
          lineHeight: '20px',
          whiteSpace: 'nowrap',
        });
        u.over.appendChild(tip);
        u.over.addEventListener('mouseleave', hide);
      },
      setCursor: (u) => {
        const { idx, left, top } = u.cursor;
        if (!tip || idx == null || left == null || top == null || left < 0) return hide();
        tip.replaceChildren(
          ...rows(u, idx).map((r) => {
            const line = document.createElement('div');
            line.style.display = 'flex';
            line.style.gap = '12px';
            line.style.justifyContent = 'space-between';
            const name = document.createElement('span');
            if (r.color) {
              const dot = document.createElement('span');
              Object.assign(dot.style, {
                display: 'inline-block',
                width: '8px',
                height: '8px',
                borderRadius: '50%',
                marginRight: '6px',
                background: r.color,
              });
              name.append(dot);
            } else if (r.value === undefined) {
              name.style.fontWeight = '600';
            }
            name.append(r.label);
            line.append(name);
            if (r.value !== undefined) {
              const value = document.createElement('span');
              value.textContent = r.value;
              line.append(value);
            }
            return line;
          }),
        );
        tip.style.display = 'block';
        // Beside the cursor, flipped to the other side near the plot's right or bottom edge.
        const { width, height } = u.over.getBoundingClientRect();
        const w = tip.offsetWidth;
        const h = tip.offsetHeight;
        tip.style.left = `${left + 12 + w > width ? left - 12 - w : left + 12}px`;
        tip.style.top = `${Math.max(0, Math.min(top + 12, height - h))}px`;
      },
    },
  };
}
