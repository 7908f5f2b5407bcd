import { isQuarterKey, quarterPeriod } from '@complivue/shared/analytics-periods';
import { formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO, REGULATION_AREAS } from '@complivue/shared/regulation-areas';
import {
  createReportScheduleRequestSchema,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  type CreateReportScheduleRequest,
  type ReportSchedule,
} from '@complivue/shared/schemas/analytics';
import { toast } from 'sonner';
import { CheckboxGroupField } from '@/components/form/checkbox-group-field';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { userFacingMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import {
  useAnalyticsMembers,
  useCreateReportSchedule,
  useDeleteReportSchedule,
  useReportSchedules,
  useSendReportNow,
  useUnsubscribeFromReport,
} from './api.ts';

function NewScheduleForm() {
  const members = useAnalyticsMembers(true);
  const create = useCreateReportSchedule();
  const form = useZodForm(createReportScheduleRequestSchema, {
    name: 'Board compliance report',
    frequency: 'quarterly',
    area: '',
    recipientIds: [],
  });
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-base font-semibold text-slate-900">Schedule a report</h2>
      <p className="text-sm text-slate-700">
        The board report of the period just ended, as a PDF, emailed to the members you choose. Each
        period’s report goes to each member once; a member may unsubscribe.
      </p>
      <QueryState query={members} loading="Loading the members">
        {(data) => {
          const names = new Map(data.members.map((member) => [member.userId, member.name]));
          return (
            <Form
              form={form}
              failure="The report could not be scheduled."
              aria-label="Schedule a report"
              className="space-y-3"
              onSubmit={async (values) => {
                await create.mutateAsync(values as CreateReportScheduleRequest);
                toast.success('The report is scheduled.');
                form.reset();
              }}
            >
              <TextField<CreateReportScheduleRequest> name="name" label="Name" maxLength={120} />
              <SelectField<CreateReportScheduleRequest> name="frequency" label="How often">
                {REPORT_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {REPORT_FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </SelectField>
              <SelectField<CreateReportScheduleRequest> name="area" label="Figures of">
                <option value="">All areas</option>
                {REGULATION_AREAS.map((area) => (
                  <option key={area} value={area}>
                    {REGULATION_AREA_INFO[area].tag}
                  </option>
                ))}
              </SelectField>
              <CheckboxGroupField<CreateReportScheduleRequest, string>
                name="recipientIds"
                legend="Send it to"
                options={data.members.map((member) => member.userId)}
                renderLabel={(userId) => names.get(userId) ?? userId}
                listClassName="mt-2 grid gap-1 sm:grid-cols-2"
                itemClassName="flex items-center gap-2 text-sm text-slate-900"
              />
              <SubmitButton pendingLabel="Scheduling…">Schedule report</SubmitButton>
            </Form>
          );
        }}
      </QueryState>
    </Card>
  );
}

/** `2026-Q3` → "Q3 2026"; `2026-11-16..2026-11-22` → "Nov 16, 2026 – Nov 22, 2026". */
const periodText = (key: string) =>
  isQuarterKey(key) ? quarterPeriod(key).label : key.split('..').map(formatShortDay).join(' – ');

const deliveryText = (schedule: ReportSchedule) => {
  const last = schedule.lastDelivery;
  if (!last) return 'Not sent yet: the first report goes out when its first period ends.';
  const parts = [
    `${last.sent} sent`,
    last.pending > 0 && `${last.pending} waiting to be retried`,
    last.failed > 0 && `${last.failed} failed`,
  ].filter(Boolean);
  return `Latest period, ${periodText(last.periodKey)}: ${parts.join(', ')}.`;
};

function ScheduleRow({ schedule, isAdmin }: { schedule: ReportSchedule; isAdmin: boolean }) {
  const send = useSendReportNow();
  const remove = useDeleteReportSchedule();
  const unsubscribe = useUnsubscribeFromReport();
  const run = async <Result,>(
    action: () => Promise<Result>,
    done: (result: Result) => string,
    failure: string,
  ) => {
    try {
      toast.success(done(await action()));
    } catch (caught) {
      toast.error(userFacingMessage(caught, failure));
    }
  };
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium text-slate-900">{schedule.name}</h3>
          <p className="text-sm text-slate-700">
            {REPORT_FREQUENCY_LABELS[schedule.frequency]}
            {schedule.area ? ` · ${REGULATION_AREA_INFO[schedule.area].tag} only` : ''}
          </p>
          <p className="text-sm text-slate-700">
            To:{' '}
            {schedule.recipients
              .map((recipient) =>
                recipient.unsubscribed ? `${recipient.name} (unsubscribed)` : recipient.name,
              )
              .join(', ')}
          </p>
          <p className="text-sm text-slate-700">{deliveryText(schedule)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin && (
            <Button
              variant="secondary"
              size="sm"
              disabled={send.isPending}
              onClick={() =>
                run(
                  () => send.mutateAsync(schedule.id),
                  (outcome) =>
                    `${outcome.periodLabel}: ${outcome.sent} sent${outcome.alreadySent ? `, ${outcome.alreadySent} had it already` : ''}${outcome.failed ? `, ${outcome.failed} not sent yet` : ''}.`,
                  'The report could not be sent.',
                )
              }
            >
              Send now<span className="sr-only"> — {schedule.name}</span>
            </Button>
          )}
          {schedule.receivesIt && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                run(
                  () => unsubscribe.mutateAsync(schedule.id),
                  () => 'You will no longer receive this report.',
                  'You could not be unsubscribed.',
                )
              }
            >
              Unsubscribe<span className="sr-only"> from {schedule.name}</span>
            </Button>
          )}
          {isAdmin && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                run(
                  () => remove.mutateAsync(schedule.id),
                  () => 'The scheduled report was stopped.',
                  'The scheduled report could not be stopped.',
                )
              }
            >
              Stop<span className="sr-only"> {schedule.name}</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** `/analytics/reports`: scheduled reports by email (advanced analytics). */
export function ReportsView() {
  const session = useSession();
  const isAdmin = ['admin', 'super_admin'].includes(session.data?.profile.role ?? '');
  const schedules = useReportSchedules();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Card className="space-y-2 p-4">
        <h2 className="text-base font-semibold text-slate-900">
          {isAdmin ? 'Scheduled reports' : 'Reports you receive'}
        </h2>
        <QueryState
          query={schedules}
          loading="Loading the scheduled reports"
          isEmpty={(data) => data.schedules.length === 0}
          empty={
            isAdmin
              ? 'No report is scheduled. Schedule one and it is emailed when its first period ends.'
              : 'You receive no scheduled report. Administrators choose who receives them.'
          }
        >
          {(data) => (
            <ul className="divide-y divide-slate-200" aria-label="Scheduled reports">
              {data.schedules.map((schedule) => (
                <ScheduleRow key={schedule.id} schedule={schedule} isAdmin={isAdmin} />
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
      {isAdmin && <NewScheduleForm />}
    </div>
  );
}
