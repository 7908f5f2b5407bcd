import { libraryRulePath } from '@complivue/shared/library';
import { REGULATION_AREA_INFO } from '@complivue/shared/regulation-areas';
import {
  manualMatchRequestSchema,
  type ManualMatchRequest,
  type PolicyMatch,
  type PolicySection,
  type PolicyVersionDetail,
} from '@complivue/shared/schemas/policies';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Citation } from '@/components/citation';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useAddManualMatch, useDecidePolicyMatch } from './api.ts';
import { MatchDecisionToken } from './policy-badges.tsx';

/** Why the rule was suggested, in words a reviewer can check against the section. */
function matchReason(match: PolicyMatch): string {
  const words =
    match.matchedWords.length > 0
      ? `shares ${Math.round(match.textScore * 100)}% of the rule’s key words (${match.matchedWords.join(', ')})`
      : null;
  switch (match.method) {
    case 'citation':
      return `Cites ${match.citedAs}${words ? `; ${words}` : ''}`;
    case 'text':
      return `Not cited; the section ${words}`;
    default:
      return 'Linked by hand';
  }
}

function MatchRow({
  policyId,
  match,
  canDecide,
}: {
  policyId: string;
  match: PolicyMatch;
  canDecide: boolean;
}) {
  const decide = useDecidePolicyMatch(policyId);
  const send = async (decision: 'confirmed' | 'rejected') => {
    try {
      await decide.mutateAsync({ matchId: match.id, decision });
      toast.success(
        decision === 'confirmed'
          ? `${match.rule.id} confirmed as covered by this section.`
          : `${match.rule.id} rejected for this section.`,
      );
    } catch (error) {
      toast.error(userFacingMessage(error, 'The decision could not be saved.'));
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p>
          <Link
            to={libraryRulePath(match.rule.id)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {match.rule.id} {match.rule.title}
          </Link>
        </p>
        <p className="text-xs text-slate-700">
          <Citation citation={match.rule.citation} /> · {REGULATION_AREA_INFO[match.rule.area].tag}
          {match.rule.retired && ' · retired from the library: no longer counts'}
        </p>
        <p className="text-xs text-slate-700">{matchReason(match)}</p>
        {match.decidedAt && (
          <p className="text-xs text-slate-700">
            {match.decision === 'confirmed' ? 'Confirmed' : 'Rejected'} by{' '}
            {match.decidedByName ?? 'a former member'} on {formatDateTime(match.decidedAt)}
            {match.carriedOver && ' (on an earlier version; the section has not changed)'}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <MatchDecisionToken decision={match.decision} />
        {canDecide && match.decision !== 'confirmed' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => void send('confirmed')}
            aria-label={`Confirm ${match.rule.id}`}
          >
            Confirm
          </Button>
        )}
        {canDecide && match.decision !== 'rejected' && (
          <Button
            size="sm"
            variant="ghost"
            disabled={decide.isPending}
            onClick={() => void send('rejected')}
            aria-label={`Reject ${match.rule.id}`}
          >
            Reject
          </Button>
        )}
      </div>
    </li>
  );
}

/** A rule the matcher missed, tied to the section by its id (`TRID-LE-001`). */
function LinkRuleForm({
  policyId,
  version,
  section,
}: {
  policyId: string;
  version: number;
  section: PolicySection;
}) {
  const link = useAddManualMatch(policyId, version);
  const form = useZodForm(manualMatchRequestSchema, { ruleId: '' });
  return (
    <Form
      form={form}
      aria-label={`Link a rule to ${section.heading}`}
      failure="The rule could not be linked."
      className="flex flex-wrap items-end gap-2"
      onSubmit={async ({ ruleId }) => {
        await link.mutateAsync({ sectionId: section.id, ruleId });
        toast.success(`${ruleId} linked to “${section.heading}”.`);
        form.reset();
      }}
    >
      <TextField<ManualMatchRequest>
        name="ruleId"
        label="Link a rule by its id"
        placeholder="TRID-LE-001"
        autoComplete="off"
        className="w-40"
      />
      <SubmitButton size="sm" variant="secondary" pendingLabel="Linking…">
        Link rule
      </SubmitButton>
    </Form>
  );
}

/**
 * A version's sections, each with the CFR sections it cites and the rules it is suggested or
 * confirmed to cover; a table of contents first, since a policy is long reference text.
 */
export function PolicySectionsView({
  detail,
  canEdit,
}: {
  detail: PolicyVersionDetail;
  canEdit: boolean;
}) {
  const canDecide = canEdit && detail.status !== 'superseded';
  // A search result links to a section (`#anchor`); the sections arrive after the page does,
  // so the browser's own jump to the fragment has nothing to land on. Once per version and
  // fragment: a refetch after a decision must not move the page.
  const { hash } = useLocation();
  const { policyId, version } = detail;
  useEffect(() => {
    const anchor = decodeURIComponent(hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView();
  }, [hash, policyId, version]);
  return (
    <div className="space-y-6">
      <nav aria-label="Sections of this version" className="rounded-md bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-900">Sections</h3>
        <ol className="mt-2 space-y-1 text-sm">
          {detail.sections.map((section) => {
            const undecided = section.matches.filter((m) => m.decision === 'suggested').length;
            const confirmed = section.matches.filter((m) => m.decision === 'confirmed').length;
            return (
              <li key={section.id} style={{ paddingLeft: `${(section.level - 1) * 1}rem` }}>
                <a
                  href={`#${section.anchor}`}
                  className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
                >
                  {section.heading}
                </a>
                <span className="text-xs text-slate-700">
                  {' '}
                  · {confirmed} confirmed{undecided > 0 && `, ${undecided} to decide`}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>
      {detail.sections.map((section) => (
        <section
          key={section.id}
          id={section.anchor}
          aria-labelledby={`${section.anchor}-heading`}
          className="space-y-3 border-t border-slate-200 pt-4"
        >
          <h3 id={`${section.anchor}-heading`} className="text-base font-semibold text-slate-900">
            {section.heading}
          </h3>
          {section.citations.length > 0 && (
            <p className="flex flex-wrap gap-x-3 text-xs text-slate-700">
              Cites:{' '}
              {section.citations.map((citation) => (
                <Citation key={citation} citation={citation} />
              ))}
            </p>
          )}
          {section.text && (
            <details className="text-sm text-slate-800">
              <summary className="cursor-pointer text-sm font-medium text-slate-900">
                Text of the section
              </summary>
              <p className="mt-2 whitespace-pre-line">{section.text}</p>
            </details>
          )}
          {section.matches.length > 0 ? (
            <ul className="space-y-2" aria-label={`Rules for ${section.heading}`}>
              {section.matches.map((match) => (
                <MatchRow
                  key={match.id}
                  policyId={detail.policyId}
                  match={match}
                  canDecide={canDecide}
                />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">
              No rule of the library is cited or resembled by this section.
            </p>
          )}
          {canDecide && (
            <LinkRuleForm policyId={detail.policyId} version={detail.version} section={section} />
          )}
        </section>
      ))}
    </div>
  );
}
