import { createContext, useContext, type ReactNode } from 'react';

/**
 * `render`: render the children (the build's prerender, or the browser without prerendered
 * HTML). `keep`: the browser is hydrating prerendered HTML, and static content keeps it as is.
 */
export type StaticContentMode = 'render' | 'keep';

const StaticContentModeContext = createContext<StaticContentMode>('render');

export const StaticContentModeProvider = StaticContentModeContext.Provider;

/**
 * Markup that never changes after the build and has nothing to click but plain links: the
 * browser keeps the prerendered HTML instead of hydrating it (React does not descend into an
 * element whose content is set as HTML), so a long page becomes interactive with a fraction
 * of the main-thread work. Anything with state or handlers must stay outside.
 * See docs/decisions/0008-prerendered-website.md.
 */
export function StaticContent({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const mode = useContext(StaticContentModeContext);
  if (mode === 'keep') {
    return (
      <div
        className={className}
        data-static=""
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    );
  }
  return (
    <div className={className} data-static="">
      {children}
    </div>
  );
}
