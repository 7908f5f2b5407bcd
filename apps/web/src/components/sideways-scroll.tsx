import { MoveHorizontal } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a scroller is wider inside than it shows (a table on a phone), and whether it is
 * scrolled to its end: a table clipped with no cue hides columns from the reader.
 */
export function useSidewaysOverflow(ref: RefObject<HTMLElement | null>) {
  const [state, setState] = useState({ overflows: false, atEnd: true });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setState((current) =>
        current.overflows === overflows && current.atEnd === atEnd ? current : { overflows, atEnd },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return state;
}

/** The fade at the right edge of a scroller that has more to the right (inside a `relative`). */
export function SidewaysFade({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white"
    />
  );
}

/** The words under a scroller wider than the screen, so no column is hidden without a cue. */
export function SidewaysCue({ show, what = 'every column' }: { show: boolean; what?: string }) {
  if (!show) return null;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
      <MoveHorizontal aria-hidden="true" className="size-3.5" />
      Scroll sideways to see {what}.
    </p>
  );
}
