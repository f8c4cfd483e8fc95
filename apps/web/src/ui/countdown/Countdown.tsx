import { hms } from './clock.ts';
import './countdown.css';

/** 距结束 01:02:03 with each part in a box, as flash-sale pages print it. */
export function Countdown({
  label,
  seconds,
  className = '',
}: {
  label: string;
  seconds: number;
  className?: string;
}) {
  const [h, m, s] = hms(seconds).split(':');
  return (
    <span
      className={`sk-countdown ${className}`}
      role="timer"
      aria-label={`${label}${hms(seconds)}`}
      data-testid="seckill-countdown"
    >
      <span className="sk-countdown__label">{label}</span>
      <span className="sk-countdown__clock" aria-hidden="true">
        <b>{h}</b>:<b>{m}</b>:<b>{s}</b>
      </span>
    </span>
  );
}
