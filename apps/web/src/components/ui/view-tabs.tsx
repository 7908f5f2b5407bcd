import { Link } from 'react-router';

/**
 * A page's views as links (the view is in the URL, so a link or a reload shows it): the current
 * one marked with `aria-current="page"` and an underline, not colour alone.
 */
export function ViewTabs<View extends string>({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly { view: View; label: string; to: string }[];
  current: View;
}) {
  return (
    <nav aria-label={label} className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-4 gap-y-2">
        {tabs.map((tab) => (
          <li key={tab.view}>
            <Link
              to={tab.to}
              aria-current={current === tab.view ? 'page' : undefined}
              className={
                current === tab.view
                  ? 'inline-block border-b-2 border-brand-700 px-1 pb-2 text-sm font-semibold text-brand-700'
                  : 'inline-block border-b-2 border-transparent px-1 pb-2 text-sm font-medium text-slate-700 hover:text-slate-900'
              }
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
