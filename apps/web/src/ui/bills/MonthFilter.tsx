import { DatePicker } from 'antd-mobile';
import { CloseCircleFill, DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { chinaWallClock } from '../../core/format.ts';
import { monthOf, monthText, monthToDate } from './billLabels.ts';

/** How far back the month picker reaches (a picker needs a bound; the wallet is younger). */
const PICKER_YEARS = 5;

interface Props {
  /** 'YYYY-MM', or '' for every month. */
  month: string;
  onChange: (month: string) => void;
  testId: string;
}

/** The bill pages' month filter: the picked month (or 全部月份), a clear button and the picker. */
export function MonthFilter({ month, onChange, testId }: Props) {
  const [picking, setPicking] = useState(false);
  // The picker works on wall-clock dates: now on China's clock, whatever the phone's zone.
  const now = chinaWallClock(Date.now());
  return (
    <>
      <span className="wl-bill__month">
        <button
          type="button"
          className="wl-bill__month-pick"
          data-testid={testId}
          onClick={() => setPicking(true)}
        >
          {month ? monthText(month) : '全部月份'}
          <DownFill />
        </button>
        {month && (
          <button
            type="button"
            className="wl-bill__month-clear"
            aria-label="清除月份"
            onClick={() => onChange('')}
          >
            <CloseCircleFill />
          </button>
        )}
      </span>
      {/* Rendered into document.body, so where it sits here does not matter. */}
      <DatePicker
        title="选择月份"
        visible={picking}
        precision="month"
        min={new Date(now.getFullYear() - PICKER_YEARS, 0, 1)}
        max={now}
        value={monthToDate(month) ?? now}
        onClose={() => setPicking(false)}
        onConfirm={(date) => onChange(monthOf(date))}
      />
    </>
  );
}
