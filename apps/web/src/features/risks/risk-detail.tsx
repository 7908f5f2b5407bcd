import { formatShortDay } from '@complivue/shared/calendar-days';
import { ASSESSMENT_STATUS_LABELS } from '@complivue/shared/compliance-score';
import { libraryRulePath } from '@complivue/shared/library';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  CONTROL_EFFECTIVENESS,
  CONTROL_EFFECTIVENESS_LABELS,
  IMPACT_LEVELS,
  LIKELIHOOD_LEVELS,
} from '@complivue/shared/risk-scoring';
import { findingNumberLabel } from '@complivue/shared/risk-findings';
import { hasRoleAtLeast, type Role } from '@complivue/shared/roles';
import { signalsOf } from '@complivue/shared/schemas/risk-signals';
import {
  PRODUCT_LINE_LABELS,
  RISK_STATUS_LABELS,
  RISK_STATUSES,
  controlFormSchema,
  residualFormSchema,
  riskNumberLabel,
  type Control,
  type ControlForm,
  type ResidualForm,
  type RiskDetail,
  type RiskMembers,
  type RiskStatus,
} from '@complivue/shared/schemas/risks';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField, TextField } from '@/components/form/form-fields';
import { Citation } from '@/components/citation';
import { QueryState } from '@/components/query-state';
import { ASSESSMENT_TONES, StatusToken } from '@/components/status-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { Input, Select } from '@/components/ui/input';
import { userFacingMessage } from '@/lib/api-client';
import {
  useAddControl,
  useDeleteRisk,
  useRemoveControl,
  useRiskSignals,
  useUpdateControl,
  useUpdateRisk,
} from './api.ts';
import { FindingStatusToken, SeverityBadge } from './finding-badges.tsx';
import { useFindings } from './findings-api.ts';
import { EffectivenessToken, RiskStatusBadge, ScoreBadge } from './risk-badges.tsx';
import { LevelOptions, RiskFieldsForm, riskFormOf } from './risk-form.tsx';
import { RiskHistory } from './risk-history.tsx';
import { AreaSignalList } from './risk-signals.tsx';
import { Discussion } from '@/components/discussion/discussion';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The signals of the risk's area, read with the page's (one request for every area). */
function RiskAreaSignals({ area }: { area: RiskDetail['area'] }) {
  const signals = useRiskSignals();
  return (
    <QueryState query={signals} loading="Reading your records">
      {(found) => <AreaSignalList signals={signalsOf(found, area)} />}
    </QueryState>
  );
}

/** The residual rating a person sets instead of the suggestion, with the reason it differs. */
function ResidualEditor({ risk }: { risk: RiskDetail }) {
  const update = useUpdateRisk(risk.id);
  const set = risk.residual?.source === 'set' ? risk.residual : null;
  const form = useZodForm(residualFormSchema, {
    residualLikelihood: set ? (String(set.likelihood) as '1') : '',
    residualImpact: set ? (String(set.impact) as '1') : '',
    residualReason: risk.residualReason,
  } satisfies ResidualForm);
  return (
    <Form
      form={form}
      aria-label="Residual risk"
      failure="The residual risk could not be saved."
      onSubmit={(values) => update.mutateAsync(values)}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <p className="text-sm text-slate-700">
        Leave both empty to follow the suggestion; a rating other than the suggestion needs a
        reason.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<ResidualForm> name="residualLikelihood" label="Residual likelihood">
          <LevelOptions levels={LIKELIHOOD_LEVELS} />
        </SelectField>
        <SelectField<ResidualForm> name="residualImpact" label="Residual impact">
          <LevelOptions levels={IMPACT_LEVELS} />
        </SelectField>
      </div>
      <TextareaField<ResidualForm> name="residualReason" label="Reason" rows={2} maxLength={2000} />
      <div className="flex justify-end">
        <SubmitButton size="sm" pendingLabel="Saving…">
          Save residual risk
        </SubmitButton>
      </div>
    </Form>
  );
}

const controlFormOf = (control?: Control): ControlForm => ({
  title: control?.title ?? '',
  description: control?.description ?? '',
  ruleIds: control?.rules.map((rule) => rule.id).join(', ') ?? '',
  effectivenessOverride: control?.effectivenessOverride ?? '',
  overrideReason: control?.overrideReason ?? '',
});

function ControlEditor({
  riskId,
  control,
  onDone,
}: {
  riskId: string;
  control?: Control;
  onDone: () => void;
}) {
  const add = useAddControl(riskId);
  const update = useUpdateControl(riskId);
  const form = useZodForm(controlFormSchema, controlFormOf(control));
  return (
    <Form
      form={form}
      aria-label={control ? `Edit control ${control.title}` : 'Add a control'}
      failure="The control could not be saved."
      onSubmit={async (values) => {
        if (control) await update.mutateAsync({ controlId: control.id, body: values });
        else await add.mutateAsync(values);
        onDone();
      }}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <TextField<ControlForm> name="title" label="Control" maxLength={200} />
      <TextField<ControlForm>
        name="ruleIds"
        label="Library rules"
        hint="Rule ids, separated by commas (TRID-LE-001, TRID-LE-002): their assessments show whether the control works."
      />
      <TextareaField<ControlForm>
        name="description"
        label="How it works"
        rows={2}
        maxLength={10_000}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<ControlForm>
          name="effectivenessOverride"
          label="Effectiveness"
          hint="Leave it to the rules’ assessments unless you know better, and say why."
        >
          <option value="">From the rules’ assessments</option>
          {CONTROL_EFFECTIVENESS.map((value) => (
            <option key={value} value={value}>
              {CONTROL_EFFECTIVENESS_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextareaField<ControlForm>
          name="overrideReason"
          label="Reason for the override"
          rows={2}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton size="sm" pendingLabel="Saving…">
          {control ? 'Save control' : 'Add control'}
        </SubmitButton>
      </div>
    </Form>
  );
}

function ControlItem({
  riskId,
  control,
  canEdit,
}: {
  riskId: string;
  control: Control;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const remove = useRemoveControl(riskId);
  if (editing) {
    return (
      <li>
        <ControlEditor riskId={riskId} control={control} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium text-slate-900">{control.title}</p>
        <EffectivenessToken effectiveness={control.effectiveness} />
      </div>
      {control.description && <p className="text-sm text-slate-700">{control.description}</p>}
      {control.effectivenessOverride && (
        <p className="text-xs text-slate-700">
          Set by a person (the rules’ assessments give{' '}
          {CONTROL_EFFECTIVENESS_LABELS[control.derivedEffectiveness].toLowerCase()}):{' '}
          {control.overrideReason}
        </p>
      )}
      {control.rules.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label={`Rules of ${control.title}`}>
          {control.rules.map((rule) => (
            <li key={rule.id} className="flex flex-wrap items-center gap-2">
              <Link to={libraryRulePath(rule.id)} className="font-medium text-brand-700 underline">
                {rule.title}
              </Link>
              <span className="text-xs text-slate-700">
                {rule.id} · <Citation citation={rule.citation} />
              </span>
              <StatusToken tone={ASSESSMENT_TONES[rule.status]}>
                {ASSESSMENT_STATUS_LABELS[rule.status]}
              </StatusToken>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-700">Not tied to a library rule: not assessed.</p>
      )}
      {canEdit && (
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm">
                Remove
              </Button>
            }
            title="Remove this control?"
            description={`“${control.title}” will no longer count toward this risk’s residual rating. The history keeps it.`}
            confirmLabel="Remove control"
            onConfirm={() =>
              remove.mutate(control.id, {
                onError: (caught) =>
                  toast.error(userFacingMessage(caught, 'The control could not be removed.')),
              })
            }
          />
        </div>
      )}
    </li>
  );
}

/** Open, mitigated, closed by a manager; accepted (with its expiry) by an administrator. */
function StatusEditor({ risk, role, today }: { risk: RiskDetail; role: Role; today: string }) {
  const update = useUpdateRisk(risk.id);
  const [status, setStatus] = useState<RiskStatus>(risk.status);
  const [expires, setExpires] = useState(risk.acceptanceExpiresOn ?? '');
  const isAdmin = hasRoleAtLeast(role, 'admin');
  const choices = RISK_STATUSES.filter((value) => value !== 'accepted' || isAdmin);
  return (
    <form
      aria-label="Status"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          status === 'accepted' ? { status, acceptanceExpiresOn: expires || null } : { status },
        );
      }}
    >
      <div>
        <Label htmlFor="risk-status">Status</Label>
        <Select
          id="risk-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as RiskStatus)}
        >
          {choices.map((value) => (
            <option key={value} value={value}>
              {RISK_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      {status === 'accepted' && (
        <div>
          <Label htmlFor="risk-acceptance-expires">Acceptance expires</Label>
          <Input
            id="risk-acceptance-expires"
            type="date"
            min={today}
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
          />
        </div>
      )}
      <Button type="submit" size="sm" variant="secondary" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save status'}
      </Button>
      {update.isError && (
        <Alert variant="destructive" className="w-full">
          {userFacingMessage(update.error, 'The status could not be saved.')}
        </Alert>
      )}
    </form>
  );
}

/** The findings linked to the risk, each opening in the findings view. */
function LinkedFindings({ riskId }: { riskId: string }) {
  const findings = useFindings({ overdue: false, risk: riskId });
  const items = findings.data?.items ?? [];
  return (
    <Section title={`Findings (${items.length})`}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">
          {findings.isPending ? 'Loading the findings…' : 'No finding is linked to this risk.'}
        </p>
      ) : (
        <ul className="space-y-1 text-sm" aria-label="Findings linked to this risk">
          {items.map((finding) => (
            <li key={finding.id} className="flex flex-wrap items-center gap-2">
              <Link
                to={`/risk-scoring?view=findings&finding=${finding.id}`}
                className="font-medium text-brand-700 underline"
              >
                {findingNumberLabel(finding.number)} {finding.title}
              </Link>
              <SeverityBadge severity={finding.severity} />
              <FindingStatusToken status={finding.status} />
              {finding.overdueActions > 0 && (
                <StatusToken tone="overdue">Action overdue</StatusToken>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/**
 * One risk: its ratings and how the residual one follows from the controls, the controls with
 * their rules and assessment status, the status, and every change in its history.
 */
export function RiskDetailView({
  risk,
  role,
  today,
  members,
  onDeleted,
}: {
  risk: RiskDetail;
  role: Role;
  today: string;
  members: RiskMembers['members'];
  onDeleted: () => void;
}) {
  const canEdit = hasRoleAtLeast(role, 'manager');
  const [editing, setEditing] = useState(false);
  const [addingControl, setAddingControl] = useState(false);
  const update = useUpdateRisk(risk.id);
  const remove = useDeleteRisk(risk.id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="font-medium text-slate-900">{riskNumberLabel(risk.number)}</span>
        <span>{REGULATION_AREA_INFO[risk.area].tag}</span>·
        <span>{PRODUCT_LINE_LABELS[risk.productLine]}</span>·
        <span>{risk.ownerName ? `Owner: ${risk.ownerName}` : 'No owner'}</span>
        <RiskStatusBadge status={risk.status} />
        {risk.reviewDate &&
          (risk.reviewOverdue ? (
            <StatusToken tone="overdue">
              Review overdue · {formatShortDay(risk.reviewDate)}
            </StatusToken>
          ) : (
            <span>Next review {formatShortDay(risk.reviewDate)}</span>
          ))}
      </div>
      {risk.status === 'accepted' && risk.acceptanceExpiresOn && (
        <p className="text-sm text-slate-700">
          Accepted by {risk.acceptedByName ?? 'a former member'}
          {risk.acceptedAt && ` on ${formatShortDay(risk.acceptedAt.slice(0, 10))}`}, until{' '}
          {formatShortDay(risk.acceptanceExpiresOn)}.
        </p>
      )}
      {editing ? (
        <RiskFieldsForm
          initial={riskFormOf(risk)}
          members={members}
          submitLabel="Save risk"
          pendingLabel="Saving…"
          failure="The risk could not be saved."
          onSubmit={async (values) => {
            await update.mutateAsync(values);
            setEditing(false);
          }}
          footer={
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          }
        />
      ) : (
        <>
          {risk.description && (
            <p className="text-sm whitespace-pre-line text-slate-800">{risk.description}</p>
          )}
          {canEdit && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit risk
            </Button>
          )}
        </>
      )}

      <Section title="Ratings">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-700">Inherent risk</dt>
            <dd className="mt-1">
              <ScoreBadge score={risk.inherent} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Controls together</dt>
            <dd className="mt-1">
              <EffectivenessToken effectiveness={risk.controlEffectiveness} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-700">Residual risk</dt>
            <dd className="mt-1">
              <ScoreBadge
                score={risk.residual}
                suffix={risk.residual?.source === 'suggested' ? 'suggested' : 'set by a person'}
              />
            </dd>
          </div>
        </dl>
        {risk.suggestedResidual && (
          <p className="text-sm text-slate-700">
            Suggested: likelihood {risk.suggestedResidual.likelihood} × impact{' '}
            {risk.suggestedResidual.impact}, from inherent likelihood {risk.inherent?.likelihood}{' '}
            less the credit of{' '}
            {CONTROL_EFFECTIVENESS_LABELS[risk.controlEffectiveness].toLowerCase()} controls.
            {risk.residual?.source === 'set' && risk.residualReason && (
              <> Set instead: {risk.residualReason}</>
            )}
          </p>
        )}
        {!risk.inherent && (
          <p className="text-sm text-slate-700">
            Not rated yet: rate the inherent likelihood and impact to place it on the heat map.
          </p>
        )}
        {canEdit && risk.inherent && <ResidualEditor key={risk.residual?.score} risk={risk} />}
      </Section>

      <Section title={`Controls (${risk.controls.length})`}>
        {risk.controls.length === 0 && (
          <p className="text-sm text-slate-700">
            No control yet: the residual risk is the inherent risk.
          </p>
        )}
        <ul className="space-y-2">
          {risk.controls.map((control) => (
            <ControlItem key={control.id} riskId={risk.id} control={control} canEdit={canEdit} />
          ))}
        </ul>
        {canEdit &&
          (addingControl ? (
            <ControlEditor riskId={risk.id} onDone={() => setAddingControl(false)} />
          ) : (
            <Button variant="secondary" size="sm" onClick={() => setAddingControl(true)}>
              Add control
            </Button>
          ))}
      </Section>

      {canEdit && (
        <Section title="Status">
          <StatusEditor key={risk.status} risk={risk} role={role} today={today} />
        </Section>
      )}

      <Section title={`What your records say about ${REGULATION_AREA_INFO[risk.area].tag}`}>
        <RiskAreaSignals area={risk.area} />
      </Section>

      <LinkedFindings riskId={risk.id} />

      <Section title="Discussion">
        <Discussion subject={{ type: 'risk', id: risk.id }} />
      </Section>

      <Section title="History">
        <RiskHistory history={risk.history} />
      </Section>

      {hasRoleAtLeast(role, 'admin') && (
        <div className="border-t border-slate-200 pt-4">
          <ConfirmDialog
            trigger={<Button variant="destructive">Delete risk</Button>}
            title="Delete this risk?"
            description="The risk and its controls are deleted; the audit log keeps a record that it existed."
            confirmLabel="Delete risk"
            onConfirm={() =>
              // mutateAsync: the refreshed register may drop this panel first, and mutate()'s
              // callbacks never run once their component has unmounted.
              remove
                .mutateAsync()
                .then(onDeleted, (caught: unknown) =>
                  toast.error(userFacingMessage(caught, 'The risk could not be deleted.')),
                )
            }
          />
        </div>
      )}
    </div>
  );
}
