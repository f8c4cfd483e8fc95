import { useEffect, useRef } from 'react';
import './keypad.css';

const CELLS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const;
const LENGTH = CELLS.length;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'del'] as const;

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The sixth digit was entered. */
  onFill: (value: string) => void;
  error?: boolean;
}

/**
 * Six masked cells over a keypad drawn in the sheet: no text field takes focus, so the phone's
 * keyboard never opens and can neither pan nor resize the room behind the sheet. A hardware
 * keyboard still types (digits, Backspace).
 */
export function KeypadCode({ value, onChange, onFill, error }: Props) {
  const latest = useRef({ value, onChange, onFill });
  latest.current = { value, onChange, onFill };

  const press = (key: string) => {
    const { value: v, onChange: change, onFill: fill } = latest.current;
    if (key === 'del') return change(v.slice(0, -1));
    if (!/^\d$/.test(key) || v.length >= LENGTH) return;
    const next = v + key;
    change(next);
    if (next.length === LENGTH) fill(next);
  };
  const pressRef = useRef(press);
  pressRef.current = press;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Backspace') pressRef.current('del');
      else if (/^\d$/.test(e.key)) pressRef.current(e.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <div
        className={error ? 'keypad-code is-error' : 'keypad-code'}
        data-testid="pay-code"
        role="img"
        aria-label={`已输入${value.length}位，共${LENGTH}位`}
      >
        {CELLS.map((cell, i) => (
          <span
            key={cell}
            className={i < value.length ? 'keypad-code__cell is-set' : 'keypad-code__cell'}
          />
        ))}
      </div>
      <div className="keypad" data-testid="pay-keypad">
        {KEYS.map((key) =>
          key === '' ? (
            <span key="blank" />
          ) : (
            <button
              type="button"
              key={key}
              className="keypad__key"
              aria-label={key === 'del' ? '删除' : key}
              onClick={() => press(key)}
            >
              {key === 'del' ? '⌫' : key}
            </button>
          ),
        )}
      </div>
    </>
  );
}
