import { RISK_METHODOLOGY } from '@complivue/shared/risk-scoring';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import {
  PRODUCT_LINE_LABELS,
  PRODUCT_LINES,
  RISK_STATUS_LABELS,
  RISK_STATUSES,
  riskNumberLabel,
  type RiskMembers,
  type RiskSummary,
} from '@complivue/shared/schemas/risks';
import { Download, FileText, ListPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AreaFilterSelect, FilterSelect, OwnerFilterSelect } from '@/components/ui/filter-select';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ViewTabs } from '@/components/ui/view-tabs';
import { useSession } from '@/lib/session';
import {
  assessmentReportHref,
  exportHref,
  useCreateRisk,
  useRisk,
  useRiskMembers,
  useRiskSignals,
  useRisks,
} from './api.ts';
import { AssessmentApproval } from './assessment-approval.tsx';
import { HeatMap, inCell } from './heat-map.tsx';
import { RiskDetailView } from './risk-detail.tsx';
import { EMPTY_RISK_FORM, RiskFieldsForm } from './risk-form.tsx';
import { SignalsByArea } from './risk-signals.tsx';
import { RiskTable } from './risk-table.tsx';
import { FindingsView } from './findings-view.tsx';
import { RiskTrend } from './risk-trend.tsx';
import { StarterRisks } from './starter-risks.tsx';
import { FINDINGS_VIEW } from './use-finding-filters.ts';
import { useRiskPageState, type RiskPageFilters } from './use-risk-filters.ts';

function Filters({
  filters,
  members,
  onChange,
}: {
  filters: RiskPageFilters;
  members: RiskMembers['members'];
  onChange: (next: Partial<RiskPageFilters>) => void;
}) {
  return (
    <form
      role="search"
      aria-label="Filter risks"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-2 gap-3 lg:grid-cols-5"
    >
      <AreaFilterSelect value={filters.area} onChange={(area) => onChange({ area })} />
      <FilterSelect
        label="Product"
        allLabel="All products"
        value={filters.product}
        options={PRODUCT_LINES}
        optionLabel={(product) => PRODUCT_LINE_LABELS[product]}
        onChange={(product) => onChange({ product })}
      />
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={RISK_STATUSES}
        optionLabel={(status) => RISK_STATUS_LABELS[status]}
        onChange={(status) => onChange({ status })}
      />
      <OwnerFilterSelect
        value={filters.owner}
        members={members}
        onChange={(owner) => onChange({ owner })}
      />
      <label className="col-span-2 flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-900 lg:col-span-1">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={filters.notRated}
          onChange={(event) => onChange({ notRated: event.target.checked })}
        />
        Not rated only
      </label>
    </form>
  );
}

/** What needs a decision first: risks nobody has rated, and reviews that are overdue. */
function NeedsDecision({
  risks,
  onNotRated,
  onOpen,
}: {
  risks: readonly RiskSummary[];
  onNotRated: () => void;
  onOpen: (riskId: string) => void;
}) {
  const notRated = risks.filter((risk) => !risk.inherent).length;
  const reviewOverdue = risks.filter((risk) => risk.reviewOverdue);
  if (notRated === 0 && reviewOverdue.length === 0) return null;
  return (
    <Alert>
      {notRated > 0 && (
        <>
          <button type="button" onClick={onNotRated} className="font-semibold underline">
            {notRated} {notRated === 1 ? 'risk is' : 'risks are'} not rated
          </button>{' '}
          and not on the heat map.{' '}
        </>
      )}
      {reviewOverdue.length > 0 && (
        <>
          Review overdue:{' '}
          {reviewOverdue.map((risk, index) => (
            <span key={risk.id}>
              {index > 0 && '; '}
              <button
                type="button"
                onClick={() => onOpen(risk.id)}
                className="font-semibold underline"
              >
                {riskNumberLabel(risk.number)} {risk.title}
              </button>
            </span>
          ))}
          .
        </>
      )}
    </Alert>
  );
}

/** How many of `risks` sit in each regulation area. */
function countByArea(risks: readonly RiskSummary[]) {
  const counts = new Map<RiskSummary['area'], number>();
  for (const risk of risks) counts.set(risk.area, (counts.get(risk.area) ?? 0) + 1);
  return counts;
}

const VIEW_TABS = [
  { view: 'register', label: 'Risk register', to: '/risk-scoring' },
  { view: FINDINGS_VIEW, label: 'Findings', to: `/risk-scoring?view=${FINDINGS_VIEW}` },
] as const;

/**
 * `/risk-scoring`: the institution's compliance risk assessment, in two views each with its
 * state in the URL: the register (heat map, risks, controls, the starter set) and the findings
 * with their corrective actions (`?view=findings`).
 */
export function RiskScoringPage() {
  const [params] = useSearchParams();
  const view = params.get('view') === FINDINGS_VIEW ? FINDINGS_VIEW : 'register';
  const { data: session } = useSession();
  const role = session?.profile.role ?? 'user';
  const members = useRiskMembers();
  const memberList = members.data?.members ?? [];
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Risk Scoring</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-700">
          Your compliance risk assessment: each risk by regulation and product, rated before and
          after its controls, the controls tied to the library rules whose assessments show whether
          they work, and the findings with their corrective actions.
        </p>
      </header>
      <ViewTabs label="Risk scoring views" tabs={VIEW_TABS} current={view} />
      {view === FINDINGS_VIEW ? (
        <FindingsView role={role} userId={session?.user.id ?? ''} members={memberList} />
      ) : (
        <RiskRegisterView role={role} memberList={memberList} />
      )}
    </div>
  );
}

/** The register: the heat map, the risks under the filters, a risk's detail, the starter set. */
function RiskRegisterView({
  role,
  memberList,
}: {
  role: Role;
  memberList: RiskMembers['members'];
}) {
  const [state, update] = useRiskPageState();
  const canEdit = hasRoleAtLeast(role, 'manager');
  const register = useRisks(state.filters);
  const detail = useRisk(state.riskId);
  const signals = useRiskSignals();
  const createRisk = useCreateRisk();
  const [dialog, setDialog] = useState<'create' | 'starter' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const today = register.data?.today ?? '';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-end">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <a href={exportHref(state.filters)}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </Button>
          <Button variant="secondary" asChild>
            <a href={assessmentReportHref()}>
              <FileText aria-hidden="true" className="size-4" />
              Assessment report (PDF)
            </a>
          </Button>
          {canEdit && (
            <>
              <Button onClick={() => setDialog('create')}>
                <Plus aria-hidden="true" className="size-4" />
                Add risk
              </Button>
              <Button variant="secondary" onClick={() => setDialog('starter')}>
                <ListPlus aria-hidden="true" className="size-4" />
                Starter risks
              </Button>
            </>
          )}
        </div>
      </div>

      {notice && <Alert>{notice}</Alert>}

      <QueryState query={register} loading="Loading the risk register">
        {(data) => {
          const shown = state.cell
            ? data.items.filter((risk) => inCell(risk, state.map, state.cell!))
            : data.items;
          return (
            <>
              <NeedsDecision
                risks={data.items}
                onNotRated={() => update({ filters: { notRated: true }, cell: null })}
                onOpen={(riskId) => update({ riskId })}
              />
              <Card className="space-y-4 p-4 sm:p-6">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 className="text-lg font-semibold text-slate-900">Heat map</h2>
                  <div
                    role="group"
                    aria-label="Rating shown"
                    className="inline-flex rounded-md border border-slate-300 p-0.5"
                  >
                    {(['residual', 'inherent'] as const).map((view) => (
                      <button
                        key={view}
                        type="button"
                        aria-pressed={state.map === view}
                        onClick={() => update({ map: view, cell: null })}
                        className={
                          state.map === view
                            ? 'rounded bg-brand-700 px-3 py-1.5 text-sm font-medium text-white'
                            : 'rounded px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100'
                        }
                      >
                        {view === 'residual' ? 'Residual' : 'Inherent'}
                      </button>
                    ))}
                  </div>
                </div>
                <HeatMap
                  risks={data.items}
                  view={state.map}
                  selected={state.cell}
                  onSelect={(cell) => update({ cell })}
                />
                <details className="text-sm text-slate-700">
                  <summary className="cursor-pointer font-medium text-slate-900">
                    Methodology
                  </summary>
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    {RISK_METHODOLOGY.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </details>
              </Card>
              <Card className="space-y-3 p-4 sm:p-6">
                <h2 className="text-lg font-semibold text-slate-900">
                  What your records say, by area
                </h2>
                <p className="text-sm text-slate-700">
                  Counted from your assessments, changes, calendar and feed, not estimated: open an
                  area to see the records.
                </p>
                <QueryState query={signals} loading="Reading your records">
                  {(found) => (
                    <SignalsByArea areas={found.areas} riskCounts={countByArea(data.items)} />
                  )}
                </QueryState>
              </Card>
              <RiskTrend />
              <Card className="space-y-4 p-4 sm:p-6">
                <h2 className="text-lg font-semibold text-slate-900">
                  Risk register ({shown.length})
                </h2>
                <Filters
                  filters={state.filters}
                  members={memberList}
                  onChange={(next) => update({ filters: next, cell: null })}
                />
                {state.cell && (
                  <p className="text-sm text-slate-700">
                    Showing the {state.map} cell likelihood {state.cell.likelihood} × impact{' '}
                    {state.cell.impact}.{' '}
                    <button
                      type="button"
                      onClick={() => update({ cell: null })}
                      className="font-medium text-brand-700 underline"
                    >
                      Show every risk
                    </button>
                  </p>
                )}
                {shown.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    {data.items.length === 0 && !state.filters.area && !state.filters.status
                      ? 'No risk in the register yet. Add one, or start from the starter risks for your institution.'
                      : 'No risk matches these filters.'}
                  </p>
                ) : (
                  <RiskTable risks={shown} onOpen={(riskId) => update({ riskId })} />
                )}
              </Card>
            </>
          );
        }}
      </QueryState>

      <AssessmentApproval role={role} />

      <ModalDialog open={dialog === 'create'} onClose={() => setDialog(null)} title="Add a risk">
        {dialog === 'create' && (
          <RiskFieldsForm
            initial={EMPTY_RISK_FORM}
            members={memberList}
            submitLabel="Add risk"
            pendingLabel="Adding…"
            failure="The risk could not be added."
            onSubmit={async (values) => {
              const { id } = await createRisk.mutateAsync(values);
              setDialog(null);
              update({ riskId: id });
            }}
          />
        )}
      </ModalDialog>

      <ModalDialog
        open={dialog === 'starter'}
        onClose={() => setDialog(null)}
        title="Starter risks"
      >
        {dialog === 'starter' && (
          <StarterRisks
            onAdopted={(count) => {
              setDialog(null);
              setNotice(
                `${count} starter ${count === 1 ? 'risk was' : 'risks were'} added, not rated: rate each to place it on the heat map.`,
              );
              update({ filters: { notRated: true }, cell: null });
            }}
          />
        )}
      </ModalDialog>

      <ModalDialog
        open={Boolean(state.riskId)}
        onClose={() => update({ riskId: null })}
        title={detail.data?.title ?? 'Risk'}
      >
        {state.riskId && (
          <QueryState query={detail} loading="Loading the risk">
            {(risk) => (
              <RiskDetailView
                risk={risk}
                role={role}
                today={today}
                members={memberList}
                onDeleted={() => update({ riskId: null })}
              />
            )}
          </QueryState>
        )}
      </ModalDialog>
    </div>
  );
}
