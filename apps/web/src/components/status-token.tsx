import type { AreaStatus, AssessmentStatus } from '@complivue/shared/compliance-score';
import {
  CircleCheck,
  CircleDashed,
  CircleMinus,
  CircleX,
  Clock,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The one set of status tokens (DESIGN.md, "Screens for people who answer to examiners"):
 * each status has one colour, one icon and one word on every screen, so "compliant" never
 * looks like "needs review", and colour is never the only sign.
 */
export type StatusTone =
  'compliant' | 'needs_review' | 'failing' | 'not_assessed' | 'overdue' | 'not_applicable';

const TOKENS: Record<StatusTone, { word: string; icon: typeof CircleCheck; className: string }> = {
  compliant: {
    word: 'Compliant',
    icon: CircleCheck,
    className: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  },
  needs_review: {
    word: 'Needs review',
    icon: TriangleAlert,
    className: 'border-amber-200 bg-amber-50 text-amber-900',
  },
  failing: {
    word: 'Non-compliant',
    icon: CircleX,
    className: 'border-red-200 bg-red-50 text-red-900',
  },
  not_assessed: {
    word: 'Not assessed',
    icon: CircleDashed,
    className: 'border-slate-300 bg-white text-slate-800',
  },
  overdue: {
    word: 'Overdue',
    icon: Clock,
    className: 'border-red-300 bg-red-100 text-red-900',
  },
  not_applicable: {
    word: 'Not applicable',
    icon: CircleMinus,
    className: 'border-slate-200 bg-slate-100 text-slate-700',
  },
};

export const ASSESSMENT_TONES: Record<AssessmentStatus, StatusTone> = {
  compliant: 'compliant',
  needs_review: 'needs_review',
  non_compliant: 'failing',
  not_assessed: 'not_assessed',
  not_applicable: 'not_applicable',
};

export const AREA_TONES: Record<AreaStatus, StatusTone> = {
  Compliant: 'compliant',
  'Review Needed': 'needs_review',
  'Non-Compliant': 'failing',
};

/** The token's word; `children` replaces it where a screen says more ("Overdue by 3 days"). */
export function StatusToken({
  tone,
  children,
  className,
}: {
  tone: StatusTone;
  children?: ReactNode;
  className?: string;
}) {
  const { word, icon: Icon, className: toneClass } = TOKENS[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        toneClass,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {children ?? word}
    </span>
  );
}
