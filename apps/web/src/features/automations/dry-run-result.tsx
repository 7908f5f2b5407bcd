import { ACTIONS, AUTOMATION_LIMITS, TRIGGERS } from '@complivue/shared/automations';
import type { AutomationEvent, DryRunResult } from '@complivue/shared/schemas/automations';
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, formatLocalDay } from '@/lib/format-day';
import { MetMark } from './run-status.tsx';

const LINK = 'text-brand-700 underline underline-offset-2';

/** An event's summary, linked to its record when it has a page. */
export function EventSummary({ event }: { event: AutomationEvent }) {
  return event.link ? (
    <Link to={event.link} className={LINK}>
      {event.summary}
    </Link>
  ) : (
    <>{event.summary}</>
  );
}

/** The conditions as tested on one event: each sentence, and met or not (icon and word). */
export function ConditionResults({
  conditions,
}: {
  conditions: readonly { sentence: string; met: boolean }[];
}) {
  if (conditions.length === 0) {
    return <p className="text-sm text-slate-700">No condition: every event runs the actions.</p>;
  }
  return (
    <ul className="space-y-1 text-sm">
      {conditions.map((condition, index) => (
        <li key={index} className="flex flex-wrap items-baseline gap-x-2">
          <MetMark met={condition.met} yes="Yes" no="No" />
          <span className="text-slate-900">{condition.sentence}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a rule not yet saved would have done to the last 30 days' real events: how many would
 * have run it, each event with its conditions met or not and each action's "would". Nothing
 * was done, and the view says so first.
 */
export function DryRunResultView({ result }: { result: DryRunResult }) {
  const shown = result.events.length;
  return (
    <section aria-labelledby="dry-run-heading" className="space-y-4">
      <h2 id="dry-run-heading" className="text-lg font-semibold text-slate-900">
        Dry run
      </h2>
      <div className="flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          <strong>Nothing was done.</strong> This is what the rule as written now would have done;
          no change, task, message, digest entry or webhook was made, and the rule is not saved.
        </p>
      </div>
      <p role="status" className="text-base text-slate-900">
        <strong>
          {result.matched} of {result.eventsConsidered} event
          {result.eventsConsidered === 1 ? '' : 's'}
        </strong>{' '}
        from the last {AUTOMATION_LIMITS.dryRunDays} days would have run it
        <span className="text-sm text-slate-700">
          {' '}
          ({formatLocalDay(result.from)} – {formatLocalDay(result.to)})
        </span>
        .
      </p>
      {result.eventsConsidered === 0 && (
        <p className="text-sm text-slate-700">
          The trigger did not happen in that time, so there is nothing to test the conditions on.
          The rule may still be right: it runs from the next event.
        </p>
      )}
      {shown > 0 && shown < result.eventsConsidered && (
        <p className="text-sm text-slate-700">
          {shown} of them are shown (at most {AUTOMATION_LIMITS.dryRunEvents}).
        </p>
      )}
      {shown > 0 && (
        <ol className="space-y-3">
          {result.events.map(({ event, conditions, met, actions }) => (
            <li key={event.id} className="rounded-md border border-slate-200 bg-white p-3">
              <article aria-label={event.summary} className="space-y-2">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="font-medium text-slate-900">
                      <EventSummary event={event} />
                    </h3>
                    <p className="text-xs text-slate-700">
                      {TRIGGERS[event.trigger].label} ·{' '}
                      <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
                    </p>
                  </div>
                  <MetMark met={met} yes="Would have run" no="Would not have run" />
                </div>
                <ConditionResults conditions={conditions} />
                {met && actions.length > 0 && (
                  <div>
                    <h4 className="text-sm font-medium text-slate-900">It would have:</h4>
                    <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800">
                      {actions.map((action, index) => (
                        <li key={index}>
                          <span className="sr-only">{ACTIONS[action.type].label}: </span>
                          {action.wouldDo}
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
