import { AUTOMATION_LIMITS } from '@complivue/shared/automations';
import type { RuleSummary } from '@complivue/shared/schemas/automations';
import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DataTable, type Column, type ColumnSort } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { userFacingMessage } from '@/lib/api-client';
import { formatLocalDay } from '@/lib/format-day';
import { useRules, useSetRuleEnabled } from './api.ts';
import { last30Days, newRuleHref, rulePath, runPath, runsHref } from './links.ts';
import { RuleStateLabel, RunStatusToken } from './run-status.tsx';
import { TabSection } from './tab-section.tsx';

const LINK = 'text-brand-700 underline underline-offset-2';

export const RULE_SORTS = ['attention', 'name', 'lastRun', 'runs', 'failures'] as const;
export type RuleSort = (typeof RULE_SORTS)[number];

/**
 * The rules in the order asked; the default puts what needs action first: rules whose runs
 * failed in the last 30 days, most failures first, then the others as the server lists them.
 */
export function sortRules(rules: readonly RuleSummary[], sort: RuleSort): RuleSummary[] {
  const list = [...rules];
  switch (sort) {
    case 'name':
      return list.sort((a, b) => a.name.localeCompare(b.name));
    case 'lastRun':
      return list.sort((a, b) =>
        (b.lastRun?.startedAt ?? '').localeCompare(a.lastRun?.startedAt ?? ''),
      );
    case 'runs':
      return list.sort((a, b) => b.runs30d - a.runs30d);
    case 'failures':
      return list.sort((a, b) => b.failed30d - a.failed30d);
    case 'attention':
      return list.sort(
        (a, b) => Math.sign(b.failed30d) - Math.sign(a.failed30d) || b.failed30d - a.failed30d,
      );
  }
}

/** The rule on or paused, as a switch: the word and an icon, and the rule's name for a reader. */
export function RuleSwitch({ rule }: { rule: Pick<RuleSummary, 'id' | 'name' | 'enabled'> }) {
  const setEnabled = useSetRuleEnabled();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={rule.enabled}
      disabled={setEnabled.isPending}
      onClick={() =>
        setEnabled.mutate(
          { ruleId: rule.id, enabled: !rule.enabled },
          {
            onSuccess: () =>
              toast.success(rule.enabled ? `${rule.name} is paused.` : `${rule.name} is on again.`),
            onError: (caught) =>
              toast.error(userFacingMessage(caught, 'The rule could not be changed.')),
          },
        )
      }
      className={
        rule.enabled
          ? 'rounded-full border border-emerald-300 bg-emerald-50 px-2.5 py-1 text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60'
          : 'rounded-full border border-slate-300 bg-white px-2.5 py-1 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-60'
      }
    >
      <span className="sr-only">Run {rule.name}: </span>
      <RuleStateLabel enabled={rule.enabled} />
    </button>
  );
}

function ruleColumns(sortBy: (sort: RuleSort) => ColumnSort, from: string): Column<RuleSummary>[] {
  return [
    {
      header: 'Rule',
      sort: sortBy('name'),
      cell: (rule) => (
        <Link to={rulePath(rule.id)} className={`font-medium ${LINK}`}>
          {rule.name}
        </Link>
      ),
    },
    {
      header: 'What it does',
      cell: (rule) => <span className="text-slate-800">{rule.sentence}</span>,
    },
    { header: 'State', cell: (rule) => <RuleSwitch rule={rule} /> },
    {
      header: 'Last run',
      sort: sortBy('lastRun'),
      className: 'whitespace-nowrap',
      cell: (rule) =>
        rule.lastRun ? (
          <span className="flex flex-col items-start gap-1">
            <RunStatusToken status={rule.lastRun.status} />
            <Link to={runPath(rule.lastRun.id)} className={`text-xs ${LINK}`}>
              {formatLocalDay(rule.lastRun.startedAt)}
              <span className="sr-only"> — open this run of {rule.name}</span>
            </Link>
          </span>
        ) : (
          <span className="text-xs text-slate-700">Not run yet</span>
        ),
    },
    {
      header: 'Runs, 30 days',
      sort: sortBy('runs'),
      headerClassName: 'whitespace-nowrap',
      cell: (rule) => (
        <Link to={runsHref({ ruleId: rule.id, from })} className={LINK}>
          {rule.runs30d}
          <span className="sr-only"> runs of {rule.name} in the last 30 days</span>
        </Link>
      ),
    },
    {
      header: 'Failed, 30 days',
      sort: sortBy('failures'),
      headerClassName: 'whitespace-nowrap',
      cell: (rule) => (
        <Link
          to={runsHref({ ruleId: rule.id, status: 'failed', from })}
          className={rule.failed30d > 0 ? `font-semibold ${LINK}` : LINK}
        >
          {rule.failed30d}
          <span className="sr-only"> failed runs of {rule.name} in the last 30 days</span>
        </Link>
      ),
    },
  ];
}

/** Rules whose runs failed lately, named, each with its failed runs a click away. */
function FailingRules({ rules, from }: { rules: readonly RuleSummary[]; from: string }) {
  const failing = rules.filter((rule) => rule.failed30d > 0);
  if (failing.length === 0) return null;
  return (
    <Alert variant="destructive">
      <p>
        <strong>
          {failing.length === 1
            ? '1 rule had failed runs in the last 30 days'
            : `${failing.length} rules had failed runs in the last 30 days`}
        </strong>
        : what they were meant to do may not have been done. Open the failed runs to see the error
        and whether they are retried.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {failing.map((rule) => (
          <li key={rule.id}>
            <Link to={rulePath(rule.id)} className="font-medium underline">
              {rule.name}
            </Link>
            :{' '}
            <Link to={runsHref({ ruleId: rule.id, status: 'failed', from })} className="underline">
              {rule.failed30d} failed run{rule.failed30d === 1 ? '' : 's'}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The rules as a dense table, failing first, each number a link to the runs it counts. */
export function RulesTable({ rules }: { rules: readonly RuleSummary[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('sort');
  const sort = RULE_SORTS.find((known) => known === asked) ?? 'attention';
  const { from } = last30Days();
  const sortBy = (column: RuleSort): ColumnSort => ({
    active: sort === column,
    direction: column === 'name' ? 'asc' : 'desc',
    onSort: () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (sort === column) next.delete('sort');
        else next.set('sort', column);
        return next;
      }),
  });
  return (
    <div className="space-y-4">
      <FailingRules rules={rules} from={from} />
      <DataTable
        caption={
          sort === 'attention'
            ? 'Automation rules, those with failed runs first'
            : 'Automation rules'
        }
        columns={ruleColumns(sortBy, from)}
        rows={sortRules(rules, sort)}
        rowKey={(rule) => rule.id}
        minWidth="56rem"
      />
    </div>
  );
}

/** `/automations`: the institution's rules, what needs action first. */
export function RulesView() {
  const rules = useRules();
  return (
    <TabSection
      id="rules-heading"
      title="Rules"
      intro={
        rules.data &&
        `${rules.data.rules.length} of ${AUTOMATION_LIMITS.rulesPerCompany} rules; ${
          rules.data.rules.filter((rule) => rule.enabled).length
        } on.`
      }
      action={
        <Button asChild>
          <Link to={newRuleHref()}>
            <Plus aria-hidden="true" className="size-4" />
            New rule
          </Link>
        </Button>
      }
    >
      <QueryState
        query={rules}
        loading="Loading the rules"
        isEmpty={(data) => data.rules.length === 0}
        empty={
          <Card className="p-6 text-sm text-slate-700">
            <p>
              No rule yet. A rule reacts to an event once you have written it: when a regulatory
              update arrives, a deadline comes near or a risk rises, it opens a change, creates a
              task or tells the people who need to know, and records what it did.
            </p>
            <p className="mt-2">
              <Link to={newRuleHref()} className={LINK}>
                Start from a template
              </Link>{' '}
              — each one names the trigger, the conditions and the actions, and leaves every person
              for you to choose.
            </p>
          </Card>
        }
      >
        {(data) => <RulesTable rules={data.rules} />}
      </QueryState>
    </TabSection>
  );
}
