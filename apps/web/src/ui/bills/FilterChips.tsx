interface Props<T extends string> {
  label: string;
  options: readonly T[];
  text: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  testId: string;
}

/** A row of single-choice chips (the bill's account and kind filters). */
export function FilterChips<T extends string>({
  label,
  options,
  text,
  value,
  onChange,
  testId,
}: Props<T>) {
  return (
    <fieldset className="wl-chips" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          type="button"
          key={option}
          className={option === value ? 'wl-chip is-active' : 'wl-chip'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {text[option]}
        </button>
      ))}
    </fieldset>
  );
}
