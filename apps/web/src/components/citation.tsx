import { citationUrl } from '@complivue/shared/citations';
import { ExternalLink } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/**
 * A regulation citation that opens its text (eCFR, or the US Code), so a reader can confirm
 * what the product says against the rule itself. A citation the product cannot read as one
 * section or part stays plain text: no link beats a wrong one.
 */
export function Citation({ citation, className }: { citation: string; className?: string }) {
  const href = citationUrl(citation);
  if (!href) return <span className={className}>{citation}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex items-center gap-1 text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700',
        className,
      )}
    >
      {/* Its own element, so the citation is found by its text alone. */}
      <span>{citation}</span>
      <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
      <span className="sr-only">
        {href.includes('ecfr.gov') ? '(opens the eCFR)' : '(opens the US Code)'}
      </span>
    </a>
  );
}

/**
 * A field that may hold several citations separated by semicolons (a calendar deadline's
 * "31 CFR 1010.306(a)(1); 31 CFR 1010.311"), each opening its own text.
 */
export function Citations({ citations, className }: { citations: string; className?: string }) {
  const parts = citations
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  return (
    <span className={className}>
      {parts.map((part, index) => (
        <Fragment key={`${index}:${part}`}>
          {index > 0 && '; '}
          <Citation citation={part} />
        </Fragment>
      ))}
    </span>
  );
}
