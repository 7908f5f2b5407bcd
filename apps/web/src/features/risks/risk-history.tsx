import { fieldLabel, formatHistoryValue, isLink } from '@complivue/shared/history-sentences';
import type { RiskHistoryEntry } from '@complivue/shared/schemas/risks';
import { RecordHistory } from '@/components/record-history';

const EVENTS: Record<string, string> = {
  created: 'added the risk',
  updated: 'changed the risk',
  control_added: 'added a control',
  control_updated: 'changed a control',
  control_removed: 'removed a control',
};

/** What an empty value means on a risk, where "none" would not say it. */
const EMPTY_MEANS: Record<string, string> = {
  inherentLikelihood: 'not rated',
  inherentImpact: 'not rated',
  residualLikelihood: 'the suggestion',
  residualImpact: 'the suggestion',
  'control.effectivenessOverride': 'from the rules',
};

/** A value as User Activity writes it too (history-sentences.ts): `Jan 1, 2026`, "4 Likely". */
function readable(field: string, value: unknown): string {
  const phrase = formatHistoryValue(field, value, { area: 'risk' });
  if (phrase === null) return EMPTY_MEANS[field] ?? 'none';
  return isLink(phrase) ? phrase.text : phrase;
}

/** The history as sentences: who did what, when, and each field from before to after. */
export function RiskHistory({ history }: { history: readonly RiskHistoryEntry[] }) {
  return (
    <RecordHistory
      history={history}
      events={EVENTS}
      otherEvent="changed the risk"
      fieldLabel={fieldLabel}
      readable={readable}
    />
  );
}
