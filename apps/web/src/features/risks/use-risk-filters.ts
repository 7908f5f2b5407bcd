import { REGULATION_AREAS, type RegulationArea } from '@complivue/shared/regulation-areas';
import {
  PRODUCT_LINES,
  RISK_STATUSES,
  type ProductLine,
  type RiskStatus,
} from '@complivue/shared/schemas/risks';
import { useSearchParams } from 'react-router';

export type HeatMapView = 'inherent' | 'residual';

export interface RiskPageFilters {
  area?: RegulationArea;
  product?: ProductLine;
  status?: RiskStatus;
  /** A member's id, `me` or `none`. */
  owner?: string;
  notRated: boolean;
}

export interface RiskPageState {
  filters: RiskPageFilters;
  /** Which rating the heat map shows. */
  map: HeatMapView;
  /** A heat-map cell the list is narrowed to, as likelihood and impact. */
  cell: { likelihood: number; impact: number } | null;
  /** The risk open in the detail dialog. */
  riskId: string | null;
}

const oneOf = <Value extends string>(list: readonly Value[], value: string | null) =>
  list.includes(value as Value) ? (value as Value) : undefined;

function parseCell(value: string | null): RiskPageState['cell'] {
  const match = /^([1-5])-([1-5])$/.exec(value ?? '');
  return match ? { likelihood: Number(match[1]), impact: Number(match[2]) } : null;
}

/**
 * The page's state lives in the URL (filters, the heat map's rating and cell, the open risk),
 * so a filtered register or a risk can be linked, reloaded and sent to a colleague.
 */
export function useRiskPageState() {
  const [params, setParams] = useSearchParams();
  const state: RiskPageState = {
    filters: {
      area: oneOf(REGULATION_AREAS, params.get('area')),
      product: oneOf(PRODUCT_LINES, params.get('product')),
      status: oneOf(RISK_STATUSES, params.get('status')),
      owner: params.get('owner') || undefined,
      notRated: params.get('notRated') === 'true',
    },
    map: params.get('map') === 'inherent' ? 'inherent' : 'residual',
    cell: parseCell(params.get('cell')),
    riskId: params.get('risk'),
  };

  const update = (
    next: Partial<Omit<RiskPageState, 'filters'>> & { filters?: Partial<RiskPageFilters> },
  ) => {
    const merged = { ...state, ...next, filters: { ...state.filters, ...next.filters } };
    const search = new URLSearchParams();
    const { filters } = merged;
    if (filters.area) search.set('area', filters.area);
    if (filters.product) search.set('product', filters.product);
    if (filters.status) search.set('status', filters.status);
    if (filters.owner) search.set('owner', filters.owner);
    if (filters.notRated) search.set('notRated', 'true');
    if (merged.map === 'inherent') search.set('map', 'inherent');
    if (merged.cell) search.set('cell', `${merged.cell.likelihood}-${merged.cell.impact}`);
    if (merged.riskId) search.set('risk', merged.riskId);
    setParams(search, { replace: !('riskId' in next) });
  };
  return [state, update] as const;
}
