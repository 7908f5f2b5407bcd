import { formatShortDay, isIsoDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITY_LEVELS,
  FINDING_SOURCE_LABELS,
  type FindingSeverity,
  type FindingSource,
} from '@complivue/shared/risk-findings';
import type { FindingHistoryEntry } from '@complivue/shared/schemas/risk-findings';
import { RecordHistory } from '@/components/record-history';

const EVENTS: Record<string, string> = {
  created: 'recorded the finding',
  updated: 'changed the finding',
  action_added: 'added a corrective action',
  action_updated: 'changed a corrective action',
  action_completed: 'completed a corrective action',
  action_validated: 'validated a corrective action',
  closed: 'closed the finding',
  reopened: 'reopened the finding',
  loan_test_saved: 'saved a loan test',
};

/** Each field by its label and how its values read (`Jan 1, 2026`, "High", "HMDA"). */
const FIELDS: Record<string, { label: string; value?: (value: unknown) => string }> = {
  title: { label: 'Title' },
  source: {
    label: 'Source',
    value: (v) => FINDING_SOURCE_LABELS[v as FindingSource] ?? String(v),
  },
  severity: {
    label: 'Severity',
    value: (v) => FINDING_SEVERITY_LEVELS[v as FindingSeverity]?.label ?? String(v),
  },
  area: {
    label: 'Regulation area',
    value: (v) => REGULATION_AREA_INFO[v as RegulationArea]?.tag ?? String(v),
  },
  description: { label: 'What was found' },
  rootCause: { label: 'Root cause' },
  ruleId: { label: 'Library rule' },
  riskId: { label: 'Linked risk', value: (v) => (v ? 'a risk of the register' : 'none') },
  changeId: { label: 'Linked change', value: (v) => (v ? 'a regulatory change' : 'none') },
  closingNote: { label: 'Closing note' },
  loanTest: { label: 'Loan test' },
  reopenNote: { label: 'Reason for reopening' },
  action: { label: 'Action' },
  'action.plan': { label: 'Plan' },
  'action.owner': { label: 'Owner' },
  'action.dueDate': { label: 'Due date' },
  'action.evidence': { label: 'Evidence' },
  'action.evidenceFile': { label: 'Evidence file' },
  'action.validationNote': { label: 'Validation note' },
};

function readable(field: string, value: unknown): string {
  const format = FIELDS[field]?.value;
  if (format) return format(value);
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string' && isIsoDay(value)) return formatShortDay(value);
  return String(value);
}

/** The history as sentences: who did what, when, and each field from before to after. */
export function FindingHistory({ history }: { history: readonly FindingHistoryEntry[] }) {
  return (
    <RecordHistory
      history={history}
      events={EVENTS}
      otherEvent="changed the finding"
      fieldLabel={(field) => FIELDS[field]?.label ?? field}
      readable={readable}
    />
  );
}
