import type { PointsHomeData } from '@chaopin/contracts';
import { bonusPoints, monthCalendar, signedPoints, WEEKDAYS } from '../labels.ts';

/** This month, Monday first: what each signed day gave, today, and the streak's bonus days ahead. */
export function SignCalendar({ home }: { home: PointsHomeData }) {
  const calendar = monthCalendar(home);
  return (
    <div className="pt-cal" data-testid="sign-calendar">
      <div className="pt-cal__title">
        {calendar.year}年{calendar.month}月
      </div>
      <div className="pt-cal__grid" aria-hidden="true">
        {WEEKDAYS.map((w) => (
          <span key={w} className="pt-cal__weekday">
            {w}
          </span>
        ))}
      </div>
      <ol className="pt-cal__grid pt-cal__days" aria-label="签到日历">
        {calendar.days.map((d) => {
          const classes = ['pt-cal__day'];
          if (d.signed) classes.push('is-signed');
          if (d.isToday) classes.push('is-today');
          if (d.bonus) classes.push('is-bonus');
          return (
            <li
              key={d.day}
              className={classes.join(' ')}
              data-testid={`cal-${d.day}`}
              aria-current={d.isToday ? 'date' : undefined}
              title={d.bonus ? `连续签到第${d.bonus}天` : undefined}
              // The 1st starts in its weekday's column; the rest flow on from it.
              style={d.date === 1 ? { gridColumnStart: calendar.leading + 1 } : undefined}
            >
              <span className="pt-cal__date">{d.date}</span>
              {d.signed ? (
                <span className="pt-cal__points">{signedPoints(d.signed.points)}</span>
              ) : d.bonus ? (
                <span className="pt-cal__hint">+{bonusPoints(home.rules, d.bonus)}</span>
              ) : d.isToday ? (
                <span className="pt-cal__hint">今天</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="pt-cal__legend">
        <i className="pt-cal__swatch" aria-hidden="true" />
        连续签到第7天、第30天的奖励日（坚持签到即可领取）
      </p>
    </div>
  );
}
