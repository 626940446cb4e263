import { useState } from 'react';
import { addDays, manilaDate } from '../../../shared/time';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { END_OF_DAY_TEXT } from './text';

export interface Days {
  from: string;
  to: string;
}

/** What each tab of the screen gets: its days as chosen and as last shown, and today. */
export interface DaysTabProps {
  days: { chosen: Days; shown: Days };
  onDays: (days: Days) => void;
  today: string;
}

/**
 * A range of Manila days as chosen (`chosen`) and as last asked of the server (`shown`):
 * the last 30 days to today at first, then whatever both dates say once they are in order.
 */
export function useDays() {
  const today = manilaDate();
  const [chosen, setChosen] = useState<Days>({ from: addDays(today, -29), to: today });
  const [shown, setShown] = useState<Days>(chosen);
  const choose = (next: Days) => {
    setChosen(next);
    if (next.from && next.to && next.from <= next.to) setShown(next);
  };
  return { today, chosen, shown, choose };
}

/** From and To, both included; To says so when it falls before From. */
export function DateRange({
  value,
  onChange,
  today,
}: {
  value: Days;
  onChange: (days: Days) => void;
  today: string;
}) {
  const outOfOrder = Boolean(value.from && value.to && value.from > value.to);
  return (
    <DateRangeFields
      value={value}
      onChange={onChange}
      today={today}
      error={outOfOrder ? END_OF_DAY_TEXT.badRange : undefined}
    />
  );
}
