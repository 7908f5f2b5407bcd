import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Shown when a route fails to load (a deploy replaced its chunk, say) or throws. */
export function RouteError() {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">This page could not be shown</h1>
      <p className="mt-4 text-slate-700">
        Please reload the page. If it happens again, the service may be updating; try again in a few
        minutes.
      </p>
      <p className="mt-6">
        <Link to={paths.home} className="font-semibold text-brand-700 underline">
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
