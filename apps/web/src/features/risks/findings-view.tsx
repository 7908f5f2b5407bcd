import { formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITIES,
  FINDING_SEVERITY_LEVELS,
  FINDING_SOURCE_LABELS,
  FINDING_SOURCES,
  FINDING_STATUS_LABELS,
  FINDING_STATUSES,
  findingNumberLabel,
} from '@complivue/shared/risk-findings';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import type { FindingSummary } from '@complivue/shared/schemas/risk-findings';
import { riskNumberLabel, type RiskMembers } from '@complivue/shared/schemas/risks';
import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { StatusToken } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AreaFilterSelect, FilterSelect } from '@/components/ui/filter-select';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { FindingStatusToken, SeverityBadge } from './finding-badges.tsx';
import { FindingDetailView } from './finding-detail.tsx';
import { EMPTY_FINDING_FORM, FindingFieldsForm } from './finding-form.tsx';
import { findingsExportHref, useCreateFinding, useFinding, useFindings } from './findings-api.ts';
import { useFindingPageState, type FindingPageFilters } from './use-finding-filters.ts';

function Filters({
  filters,
  onChange,
}: {
  filters: FindingPageFilters;
  onChange: (next: Partial<FindingPageFilters>) => void;
}) {
  return (
    <form
      role="search"
      aria-label="Filter findings"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 gap-3 lg:grid-cols-5"
    >
      <AreaFilterSelect value={filters.area} onChange={(area) => onChange({ area })} />
      <FilterSelect
        label="Severity"
        allLabel="All severities"
        value={filters.severity}
        options={FINDING_SEVERITIES}
        optionLabel={(severity) => FINDING_SEVERITY_LEVELS[severity].label}
        onChange={(severity) => onChange({ severity })}
      />
      <FilterSelect
        label="Source"
        allLabel="All sources"
        value={filters.source}
        options={FINDING_SOURCES}
        optionLabel={(source) => FINDING_SOURCE_LABELS[source]}
        onChange={(source) => onChange({ source })}
      />
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={FINDING_STATUSES}
        optionLabel={(status) => FINDING_STATUS_LABELS[status]}
        onChange={(status) => onChange({ status })}
      />
      <label className="col-span-2 flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-900 lg:col-span-1">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={filters.overdue}
          onChange={(event) => onChange({ overdue: event.target.checked })}
        />
        Overdue actions only
      </label>
    </form>
  );
}

function findingColumns(onOpen: (findingId: string) => void): Column<FindingSummary>[] {
  return [
    {
      header: 'Number',
      cell: (finding) => findingNumberLabel(finding.number),
      className: 'whitespace-nowrap text-slate-600',
    },
    {
      header: 'Finding',
      cell: (finding) => (
        <>
          <button
            type="button"
            onClick={() => onOpen(finding.id)}
            className="text-left font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {finding.title}
          </button>
          <span className="mt-0.5 block text-xs text-slate-700">
            {REGULATION_AREA_INFO[finding.area].tag} · {FINDING_SOURCE_LABELS[finding.source]}
            {finding.riskNumber !== null && ` · ${riskNumberLabel(finding.riskNumber)}`}
          </span>
        </>
      ),
    },
    { header: 'Severity', cell: (finding) => <SeverityBadge severity={finding.severity} /> },
    { header: 'Status', cell: (finding) => <FindingStatusToken status={finding.status} /> },
    {
      header: 'Actions',
      cell: (finding) =>
        finding.overdueActions > 0 ? (
          <StatusToken tone="overdue">
            {finding.overdueActions} of {finding.actionCount} overdue
          </StatusToken>
        ) : (
          <span className="text-xs text-slate-700">
            {finding.actionCount === 0 ? 'None planned' : `${finding.actionCount} planned`}
          </span>
        ),
    },
    {
      header: 'Next due',
      cell: (finding) => (
        <span className="text-xs whitespace-nowrap">
          {finding.nextDueDate ? formatShortDay(finding.nextDueDate) : '—'}
        </span>
      ),
    },
    {
      header: 'Age',
      cell: (finding) => (
        <span className="text-xs whitespace-nowrap">
          {finding.ageDays} day{finding.ageDays === 1 ? '' : 's'}
        </span>
      ),
    },
  ];
}

/**
 * The findings view of `/risk-scoring` (`?view=findings`): what needs action first (overdue
 * corrective actions), then the findings as a dense table with filters in the URL, each opening
 * its detail with the corrective actions, their evidence and validation.
 */
export function FindingsView({
  role,
  userId,
  members,
}: {
  role: Role;
  userId: string;
  members: RiskMembers['members'];
}) {
  const [state, update] = useFindingPageState();
  const canEdit = hasRoleAtLeast(role, 'manager');
  const list = useFindings(state.filters);
  const detail = useFinding(state.findingId);
  const create = useCreateFinding();
  const [creating, setCreating] = useState(false);
  const today = list.data?.today ?? '';
  const filtered = Object.entries(state.filters).some(([, value]) => Boolean(value));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" asChild>
          <a href={findingsExportHref(state.filters)}>
            <Download aria-hidden="true" className="size-4" />
            Export findings CSV
          </a>
        </Button>
        {canEdit && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Record finding
          </Button>
        )}
      </div>
      <QueryState query={list} loading="Loading the findings">
        {(data) => {
          const overdue = data.items.filter((finding) => finding.overdueActions > 0);
          return (
            <>
              {overdue.length > 0 && !state.filters.overdue && (
                <Alert>
                  <button
                    type="button"
                    onClick={() => update({ filters: { overdue: true } })}
                    className="font-semibold underline"
                  >
                    {overdue.length} {overdue.length === 1 ? 'finding has' : 'findings have'} an
                    overdue corrective action
                  </button>
                  : {overdue.map((finding) => findingNumberLabel(finding.number)).join(', ')}.
                </Alert>
              )}
              <Card className="space-y-4 p-4 sm:p-6">
                <h2 className="text-lg font-semibold text-slate-900">
                  Findings ({data.items.length})
                </h2>
                <Filters filters={state.filters} onChange={(next) => update({ filters: next })} />
                {data.items.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    {filtered
                      ? 'No finding matches these filters.'
                      : 'No finding recorded yet. Record what an exam, an audit, your own review or a complaint found, and its corrective actions.'}
                  </p>
                ) : (
                  <DataTable
                    caption="Findings"
                    columns={findingColumns((findingId) => update({ findingId }))}
                    rows={data.items}
                    rowKey={(finding) => finding.id}
                    rowHeader={1}
                    minWidth="52rem"
                  />
                )}
              </Card>
            </>
          );
        }}
      </QueryState>

      <ModalDialog open={creating} onClose={() => setCreating(false)} title="Record a finding">
        {creating && (
          <FindingFieldsForm
            initial={EMPTY_FINDING_FORM}
            submitLabel="Record finding"
            pendingLabel="Recording…"
            failure="The finding could not be recorded."
            onSubmit={async (values) => {
              const finding = await create.mutateAsync(values);
              setCreating(false);
              update({ findingId: finding.id });
            }}
          />
        )}
      </ModalDialog>

      <ModalDialog
        open={Boolean(state.findingId)}
        onClose={() => update({ findingId: null })}
        title={detail.data?.title ?? 'Finding'}
      >
        {state.findingId && (
          <QueryState query={detail} loading="Loading the finding">
            {(finding) => (
              <FindingDetailView
                finding={finding}
                role={role}
                userId={userId}
                today={today || finding.createdAt.slice(0, 10)}
                members={members}
                onDeleted={() => update({ findingId: null })}
              />
            )}
          </QueryState>
        )}
      </ModalDialog>
    </div>
  );
}
