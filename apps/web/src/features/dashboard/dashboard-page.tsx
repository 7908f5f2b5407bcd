import { ASSETS_SIZE_LABELS, INSTITUTION_TYPE_LABELS } from '@complivue/shared/institutions';
import { ROLE_LABELS } from '@complivue/shared/roles';
import { Card } from '@/components/ui/card';
import { displayName } from '@/lib/session';
import { useSession } from '@/lib/session';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

export function DashboardPage() {
  const { data: session } = useSession();
  if (!session) return null;
  const now = new Date();
  const company = session.company;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {greeting(now.getHours())}, {displayName(session)}
          </h1>
          <p className="mt-1 text-sm text-slate-700">
            {now.toLocaleDateString('en-US', {
              weekday: 'long',
              year: 'numeric',
              month: 'long',
              day: 'numeric',
            })}
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-emerald-600" />
          System Active
        </p>
      </div>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Your workspace</h2>
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Institution</dt>
            <dd className="mt-1 font-medium text-slate-900">
              {company?.name ?? 'Not part of an institution yet'}
            </dd>
          </div>
          {company?.institutionType && (
            <div>
              <dt className="text-slate-600">Type</dt>
              <dd className="mt-1 font-medium text-slate-900">
                {INSTITUTION_TYPE_LABELS[company.institutionType]}
              </dd>
            </div>
          )}
          {company?.assetsSize && (
            <div>
              <dt className="text-slate-600">Total assets</dt>
              <dd className="mt-1 font-medium text-slate-900">
                {ASSETS_SIZE_LABELS[company.assetsSize]}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-slate-600">Your role</dt>
            <dd className="mt-1 font-medium text-slate-900">{ROLE_LABELS[session.profile.role]}</dd>
          </div>
        </dl>
      </Card>
    </div>
  );
}
