import type { EnhancerArticle } from '@complivue/shared/schemas/enhancer';
import { cn } from '@/lib/cn';

/** The latest version's body against the one before: added lines green, removed red. */
export function DiffView({ diff }: { diff: EnhancerArticle['diff'] }) {
  if (diff.against === null) {
    return <p className="text-sm text-slate-700">The first version: nothing to compare yet.</p>;
  }
  return (
    <div>
      <p className="text-sm text-slate-700">
        Against version {diff.against}: {diff.added} line{diff.added === 1 ? '' : 's'} added,{' '}
        {diff.removed} removed.
      </p>
      <pre className="mt-2 max-h-96 overflow-auto rounded-md border border-slate-200 bg-white p-3 text-xs leading-5 whitespace-pre-wrap">
        {diff.parts
          .filter((part) => part.kind !== 'same' || part.text.length < 400)
          .map((part, index) => (
            <span
              key={index}
              className={cn(
                part.kind === 'added' && 'bg-emerald-100 text-emerald-900',
                part.kind === 'removed' && 'bg-red-100 text-red-900 line-through',
                part.kind === 'same' && 'text-slate-600',
              )}
            >
              {part.kind === 'added' ? '+ ' : part.kind === 'removed' ? '− ' : ''}
              {part.text}
            </span>
          ))}
      </pre>
    </div>
  );
}
