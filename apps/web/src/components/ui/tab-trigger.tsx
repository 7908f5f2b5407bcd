import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TAB_TRIGGER =
  'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-900';

/** One tab of a page's sections (Radix Tabs: arrow keys move between tabs, Tab into the panel). */
export function TabTrigger({
  value,
  children,
  className,
}: {
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Tabs.Trigger value={value} className={cn(TAB_TRIGGER, className)}>
      {children}
    </Tabs.Trigger>
  );
}
