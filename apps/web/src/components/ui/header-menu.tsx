import { DropdownMenu } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A header drop-down (the account menu, the bell): its own trigger button, opened at once when
 * `defaultOpen` (it was pressed before this code arrived: `useDeferredMenu`), aligned to the
 * button's right edge.
 */
export function HeaderMenu({
  trigger,
  defaultOpen,
  className,
  children,
}: {
  /** The button that opens the menu (a `<button>` element). */
  trigger: ReactElement;
  defaultOpen: boolean;
  /** The panel's width. */
  className: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className={cn(
            'z-50 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg',
            className,
          )}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
