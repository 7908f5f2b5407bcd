import { ACTIONS, recipientRoleLabel, TRIGGERS } from '@complivue/shared/automations';
import type { ActionDefinition, RuleDetail } from '@complivue/shared/schemas/automations';
import { Pencil, Trash2 } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime, formatLocalDay } from '@/lib/format-day';
import {
  useAutomationMembers,
  useDeleteRule,
  useRule,
  useRuns,
  useWebhookEndpoints,
} from './api.ts';
import { last30Days, ruleEditPath, runPath, runsHref } from './links.ts';
import { conditionSentence, recipientsSentence, triggerSetting } from './rule-catalogue.ts';
import { RuleSwitch } from './rules-view.tsx';
import { formatDuration, RunStatusToken } from './run-status.tsx';

const LINK = 'text-brand-700 underline underline-offset-2';

/** An action of the definition in words, with the members' and endpoint's names. */
function actionSentence(
  action: ActionDefinition,
  memberName: (userId: string) => string,
  endpointName: (endpointId: string) => string,
): string {
  const label = ACTIONS[action.type].label;
  switch (action.type) {
    case 'create_change':
      return `${label}, owned by ${action.ownerId ? memberName(action.ownerId) : 'nobody until a person assigns it'}`;
    case 'create_task': {
      const assignee = action.assignToOwner
        ? 'the record’s owner'
        : action.assigneeId
          ? memberName(action.assigneeId)
          : 'nobody';
      const due = action.dueInDays ? `, due in ${action.dueInDays} days` : ', with no due date';
      return `${label} “${action.title}” assigned to ${assignee}${due}`;
    }
    case 'assign_owner':
      return `${label}: ${memberName(action.userId)}, when the record has none`;
    case 'notify':
    case 'send_email':
    case 'add_to_digest': {
      const who = recipientsSentence(action.recipients, memberName, recipientRoleLabel);
      const subject =
        action.type === 'send_email' && action.subject ? `, subject “${action.subject}”` : '';
      return `${label}: ${who}${subject}`;
    }
    case 'webhook':
      return `${label}: ${endpointName(action.endpointId)}`;
  }
}

function Definition({ rule }: { rule: RuleDetail }) {
  const members = useAutomationMembers();
  const hasWebhook = rule.actions.some((action) => action.type === 'webhook');
  const endpoints = useWebhookEndpoints(hasWebhook);
  const names = new Map(members.data?.members.map((member) => [member.id, member.name]));
  const memberName = (userId: string) => names.get(userId) ?? 'a former member';
  const endpointName = (endpointId: string) =>
    endpoints.data?.endpoints.find((endpoint) => endpoint.id === endpointId)?.name ?? 'an endpoint';
  const setting = triggerSetting(rule.trigger);
  return (
    <Card className="p-4 sm:p-6">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-slate-900">When</dt>
        <dd>
          <p className="text-slate-900">
            {TRIGGERS[rule.trigger.type].label}
            {setting && ` (${setting})`}
          </p>
          <p className="text-sm text-slate-700">{TRIGGERS[rule.trigger.type].description}</p>
        </dd>
        <dt className="font-semibold text-slate-900">If</dt>
        <dd>
          {rule.conditions.length === 0 ? (
            <p className="text-slate-700">Always: the rule has no condition.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-slate-900">
              {rule.conditions.map((condition, index) => (
                <li key={index}>{conditionSentence(rule.trigger.type, condition, memberName)}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="font-semibold text-slate-900">Then</dt>
        <dd>
          <ol className="list-decimal space-y-1 pl-5 text-slate-900">
            {rule.actions.map((action, index) => (
              <li key={index}>
                {actionSentence(action, memberName, endpointName)}
                {'message' in action && action.message && (
                  <span className="block text-sm text-slate-700">Message: {action.message}</span>
                )}
              </li>
            ))}
          </ol>
        </dd>
      </dl>
    </Card>
  );
}

function RecentRuns({ rule }: { rule: RuleDetail }) {
  const runs = useRuns({ ruleId: rule.id });
  return (
    <section aria-labelledby="recent-runs-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-runs-heading" className="text-lg font-semibold text-slate-900">
          Recent runs
        </h2>
        <Link to={runsHref({ ruleId: rule.id })} className={`text-sm ${LINK}`}>
          All runs of this rule
        </Link>
      </div>
      <QueryState
        query={runs}
        loading="Loading the rule’s runs"
        isEmpty={(data) => data.runs.length === 0}
        empty={<p className="text-sm text-slate-700">The rule has not run yet.</p>}
      >
        {(data) => (
          <DataTable
            caption={`Recent runs of ${rule.name}`}
            rows={data.runs.slice(0, 10)}
            rowKey={(run) => run.id}
            minWidth="44rem"
            columns={[
              {
                header: 'Started',
                className: 'whitespace-nowrap',
                cell: (run) => (
                  <Link to={runPath(run.id)} className={LINK}>
                    {formatDateTime(run.startedAt)}
                  </Link>
                ),
              },
              { header: 'Event', cell: (run) => run.eventSummary },
              { header: 'Version', cell: (run) => `v${run.ruleVersion}` },
              { header: 'Status', cell: (run) => <RunStatusToken status={run.status} /> },
              {
                header: 'Duration',
                className: 'whitespace-nowrap',
                cell: (run) => formatDuration(run.durationMs),
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

function Versions({ rule }: { rule: RuleDetail }) {
  return (
    <section aria-labelledby="versions-heading" className="space-y-3">
      <h2 id="versions-heading" className="text-lg font-semibold text-slate-900">
        Versions
      </h2>
      <ol className="space-y-2 text-sm">
        {[...rule.versions]
          .sort((a, b) => b.version - a.version)
          .map((version) => (
            <li key={version.version}>
              <p className="text-slate-900">
                <span className="font-medium">v{version.version}</span> saved{' '}
                <time dateTime={version.savedAt}>{formatLocalDay(version.savedAt)}</time> by{' '}
                {version.savedByName ?? 'a former member'}
                {version.version === rule.version && (
                  <span className="text-slate-700"> (current)</span>
                )}
              </p>
              <p className="text-slate-700">{version.sentence}</p>
            </li>
          ))}
      </ol>
    </section>
  );
}

function RuleActions({ rule }: { rule: RuleDetail }) {
  const remove = useDeleteRule();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RuleSwitch rule={rule} />
      <Button variant="secondary" size="sm" asChild>
        <Link to={ruleEditPath(rule.id)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Link>
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="sm" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        }
        title={`Delete “${rule.name}”?`}
        description="It stops running at once. Its past runs stay in the run history under its name. To stop it for a while instead, pause it."
        confirmLabel="Delete the rule"
        cancelLabel="Keep it"
        onConfirm={() =>
          remove.mutate(rule.id, {
            onSuccess: () => {
              toast.success(`“${rule.name}” is deleted.`);
              void navigate(paths.automations);
            },
            onError: (caught) =>
              toast.error(userFacingMessage(caught, 'The rule could not be deleted.')),
          })
        }
      />
    </div>
  );
}

/** `/automations/rules/:ruleId`: what the rule does, its figures, versions and recent runs. */
export function RulePage() {
  const { ruleId } = useParams();
  const rule = useRule(ruleId);
  const { from } = last30Days();
  return (
    <div className="space-y-6">
      <BackLink to={paths.automations}>Automations</BackLink>
      <QueryState query={rule} loading="Loading the rule">
        {(data) => (
          <div className="space-y-6">
            <header className="space-y-2">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h1 className="text-2xl font-bold text-slate-900">{data.name}</h1>
                <RuleActions rule={data} />
              </div>
              <p className="max-w-3xl text-slate-900">{data.sentence}</p>
              {data.description && (
                <p className="max-w-3xl text-sm text-slate-700">{data.description}</p>
              )}
              <p className="text-sm text-slate-700">
                Version {data.version}, saved {formatLocalDay(data.updatedAt)} by{' '}
                {data.updatedByName ?? 'a former member'}; created {formatLocalDay(data.createdAt)}{' '}
                by {data.createdByName ?? 'a former member'}. In the last 30 days:{' '}
                <Link to={runsHref({ ruleId: data.id, from })} className={LINK}>
                  {data.runs30d} run{data.runs30d === 1 ? '' : 's'}
                </Link>
                ,{' '}
                <Link to={runsHref({ ruleId: data.id, status: 'failed', from })} className={LINK}>
                  {data.failed30d} failed
                </Link>
                .
              </p>
            </header>
            <Definition rule={data} />
            <RecentRuns rule={data} />
            <Versions rule={data} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
