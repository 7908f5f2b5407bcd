import { formatShortDay } from '@complivue/shared/calendar-days';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  PRODUCT_LINE_LABELS,
  riskNumberLabel,
  type RiskSummary,
} from '@complivue/shared/schemas/risks';
import { DataTable, type Column } from '@/components/data-table';
import { StatusToken } from '@/components/status-token';
import { EffectivenessToken, RiskStatusBadge, ScoreBadge } from './risk-badges.tsx';

function riskColumns(onOpen: (riskId: string) => void): Column<RiskSummary>[] {
  return [
    {
      header: 'Number',
      cell: (risk) => riskNumberLabel(risk.number),
      className: 'whitespace-nowrap text-slate-600',
    },
    {
      header: 'Risk',
      cell: (risk) => (
        <>
          <button
            type="button"
            onClick={() => onOpen(risk.id)}
            className="text-left font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {risk.title}
          </button>
          <span className="mt-0.5 block text-xs text-slate-700">
            {REGULATION_AREA_INFO[risk.area].tag} · {PRODUCT_LINE_LABELS[risk.productLine]}
          </span>
        </>
      ),
    },
    { header: 'Owner', cell: (risk) => risk.ownerName ?? 'No owner', className: 'text-slate-800' },
    { header: 'Inherent', cell: (risk) => <ScoreBadge score={risk.inherent} /> },
    {
      header: 'Controls',
      cell: (risk) =>
        risk.controlCount === 0 ? (
          <span className="text-xs text-slate-700">None</span>
        ) : (
          <EffectivenessToken effectiveness={risk.controlEffectiveness} />
        ),
    },
    {
      header: 'Residual',
      cell: (risk) => (
        <ScoreBadge
          score={risk.residual}
          suffix={risk.residual?.source === 'suggested' ? 'suggested' : undefined}
        />
      ),
    },
    { header: 'Status', cell: (risk) => <RiskStatusBadge status={risk.status} /> },
    {
      header: 'Review',
      cell: (risk) =>
        risk.reviewDate === null ? (
          <span className="text-xs text-slate-700">Not set</span>
        ) : risk.reviewOverdue ? (
          <StatusToken tone="overdue">
            Review overdue · {formatShortDay(risk.reviewDate)}
          </StatusToken>
        ) : (
          <span className="text-xs whitespace-nowrap">{formatShortDay(risk.reviewDate)}</span>
        ),
    },
  ];
}

/** The register as a dense table: highest residual risk first, as the server sorts it. */
export function RiskTable({
  risks,
  onOpen,
}: {
  risks: readonly RiskSummary[];
  onOpen: (riskId: string) => void;
}) {
  return (
    <DataTable
      caption="Risk register"
      columns={riskColumns(onOpen)}
      rows={risks}
      rowKey={(risk) => risk.id}
      rowHeader={1}
      minWidth="56rem"
    />
  );
}
