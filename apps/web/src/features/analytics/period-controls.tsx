import { recentQuarters } from '@complivue/shared/analytics-periods';
import { todayIn } from '@complivue/shared/calendar-days';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { AreaFilterSelect, FilterSelect, OwnerFilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { useAnalyticsMembers } from './api.ts';
import type { AnalyticsPeriodChoice } from './use-analytics-period.ts';

/** How many quarters the picker offers: two years, the board's usual look back. */
const QUARTERS_OFFERED = 8;

/** A custom range of days (advanced analytics): applied together, so a half-typed range never reads. */
function RangeForm({
  choice,
  choose,
}: {
  choice: AnalyticsPeriodChoice;
  choose: (next: AnalyticsPeriodChoice) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(choice.from ?? '');
  const [to, setTo] = useState(choice.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose({ from, to, area: choice.area, owner: choice.owner });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Custom range">
      <div className="flex flex-col gap-1 text-sm font-medium text-slate-900">
        <label htmlFor={`${id}-from`}>From</label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          required
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium text-slate-900">
        <label htmlFor={`${id}-to`}>To</label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from}
          required
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary">
        Show range
      </Button>
    </form>
  );
}

/** The period (a quarter; a custom range and one area with advanced analytics). */
export function PeriodControls({
  choice,
  advanced,
  choose,
}: {
  choice: AnalyticsPeriodChoice;
  advanced: boolean;
  choose: (next: AnalyticsPeriodChoice) => void;
}) {
  const quarters = recentQuarters(todayIn(null), QUARTERS_OFFERED);
  const members = useAnalyticsMembers(advanced);
  const labels = new Map(quarters.map((quarter) => [quarter.key, quarter.label]));
  return (
    <div className="flex flex-wrap items-end gap-4">
      <FilterSelect
        label="Quarter"
        allLabel="This quarter"
        value={choice.from ? undefined : choice.quarter}
        options={quarters.slice(1).map((quarter) => quarter.key)}
        optionLabel={(key) => labels.get(key) ?? key}
        unknownLabel={choice.quarter}
        onChange={(quarter) => choose({ quarter, area: choice.area, owner: choice.owner })}
      />
      {advanced && (
        <>
          <RangeForm key={`${choice.from}-${choice.to}`} choice={choice} choose={choose} />
          <AreaFilterSelect value={choice.area} onChange={(area) => choose({ ...choice, area })} />
          <OwnerFilterSelect
            value={choice.owner}
            members={members.data?.members ?? []}
            onChange={(owner) => choose({ ...choice, owner })}
          />
        </>
      )}
    </div>
  );
}
