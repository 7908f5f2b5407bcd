import { cn } from '@/lib/cn';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
