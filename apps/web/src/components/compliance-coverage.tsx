import {
  applicableRulesWord,
  coverageShare,
  type Coverage,
} from '@complivue/shared/compliance-score';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The library's articles ordered by one of their counts: the rows' counts add up to the
 * institution's, and each row's count opens the rules it counts (`?rules=`).
 */
const librarySortedBy = (count: keyof Coverage) => `${paths.compliance}?sort=${count}&dir=desc`;

function CountLink({
  count,
  to,
  label,
  linked,
}: {
  count: number;
  to: string;
  label: string;
  linked: boolean;
}) {
  if (!linked) return count;
  return (
    <Link
      to={to}
      aria-label={`${label}: ${count}, open the list`}
      className="font-medium text-brand-700 underline underline-offset-2"
    >
      {count}
    </Link>
  );
}

/**
 * What a compliance score stands on, beside it wherever it is shown: "1 of 117 applicable rules
 * assessed (under 1%)", the words of `coverageText`. With `linked` (the reader may open the
 * library), each number opens the library's articles ordered by that count.
 */
export function CoverageSentence({ coverage, linked }: { coverage: Coverage; linked: boolean }) {
  return (
    <>
      <CountLink
        count={coverage.assessed}
        to={librarySortedBy('assessed')}
        label="Rules assessed"
        linked={linked}
      />{' '}
      of{' '}
      <CountLink
        count={coverage.applicable}
        to={librarySortedBy('applicable')}
        label="Rules that apply"
        linked={linked}
      />{' '}
      {applicableRulesWord(coverage)} assessed ({coverageShare(coverage)})
    </>
  );
}
