import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  FINDING_SEVERITIES,
  FINDING_SOURCES,
  FINDING_STATUSES,
  type FindingSeverity,
  type FindingSource,
  type FindingStatus,
} from '@complivue/shared/risk-findings';
import { useSearchParams } from 'react-router';

export interface FindingPageFilters {
  area?: RegulationArea;
  severity?: FindingSeverity;
  source?: FindingSource;
  status?: FindingStatus;
  /** Only findings with a corrective action past its due date. */
  overdue: boolean;
  /** Only findings linked to this risk. */
  risk?: string;
}

export interface FindingPageState {
  filters: FindingPageFilters;
  /** The finding open in the detail dialog. */
  findingId: string | null;
}

const oneOf = <Value extends string>(list: readonly Value[], value: string | null) =>
  list.includes(value as Value) ? (value as Value) : undefined;

/** The findings view's address: `/risk-scoring?view=findings` and its filters. */
export const FINDINGS_VIEW = 'findings';

/**
 * The findings view's state lives in the URL (`?view=findings`, the filters, the open finding),
 * so the dashboard's count opens exactly the list it counts and a finding can be linked.
 */
export function useFindingPageState() {
  const [params, setParams] = useSearchParams();
  const state: FindingPageState = {
    filters: {
      area: oneOf(REGULATION_AREAS, params.get('area')),
      severity: oneOf(FINDING_SEVERITIES, params.get('severity')),
      source: oneOf(FINDING_SOURCES, params.get('source')),
      status: oneOf(FINDING_STATUSES, params.get('status')),
      overdue: params.get('overdue') === 'true',
      risk: params.get('risk') || undefined,
    },
    findingId: params.get('finding'),
  };

  const update = (
    next: Partial<Omit<FindingPageState, 'filters'>> & { filters?: Partial<FindingPageFilters> },
  ) => {
    const merged = { ...state, ...next, filters: { ...state.filters, ...next.filters } };
    const search = new URLSearchParams({ view: FINDINGS_VIEW });
    const { filters } = merged;
    if (filters.area) search.set('area', filters.area);
    if (filters.severity) search.set('severity', filters.severity);
    if (filters.source) search.set('source', filters.source);
    if (filters.status) search.set('status', filters.status);
    if (filters.overdue) search.set('overdue', 'true');
    if (filters.risk) search.set('risk', filters.risk);
    if (merged.findingId) search.set('finding', merged.findingId);
    setParams(search, { replace: !('findingId' in next) });
  };
  return [state, update] as const;
}
