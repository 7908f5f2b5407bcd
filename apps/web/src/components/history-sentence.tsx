import {
  isLink,
  linkifyText,
  type HistorySentence,
  type Phrase,
} from '@complivue/shared/history-sentences';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';

const LINK_CLASS =
  'text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700';

/** Words, or a link: in the app, or outside it in a new tab under its readable title. */
export function PhraseView({ phrase }: { phrase: Phrase }) {
  if (!isLink(phrase)) return <>{phrase}</>;
  if (!phrase.external) {
    return (
      <Link to={phrase.href} className={LINK_CLASS}>
        {phrase.text}
      </Link>
    );
  }
  return (
    <a href={phrase.href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
      {phrase.text}
      <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3 align-baseline" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * One entry of a history (User Activity, a change's history) as the sentence
 * `history-sentences.ts` makes of it: the member in bold, what they did with its links under
 * readable titles, then any text it recorded (a note, a comment) quoted below.
 */
export function HistorySentenceView({
  sentence,
  linkTitles,
}: {
  sentence: HistorySentence;
  /** Titles of web addresses the reader knows by name (the change's feed item). */
  linkTitles?: Record<string, string>;
}) {
  return (
    <>
      <p className="break-words text-slate-800">
        <span className="font-medium text-slate-900">{sentence.actor}</span>{' '}
        {sentence.predicate.map((phrase, index) => (
          <PhraseView key={index} phrase={phrase} />
        ))}
      </p>
      {sentence.quotes.map((quote, index) => (
        <p key={index} className="mt-1 break-words whitespace-pre-line text-slate-700">
          <span className="font-medium">{quote.label}:</span> “
          {linkifyText(quote.text, linkTitles).map((phrase, at) => (
            <PhraseView key={at} phrase={phrase} />
          ))}
          ”
        </p>
      ))}
    </>
  );
}
