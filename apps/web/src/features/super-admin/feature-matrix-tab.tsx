import { FEATURE_LABELS, FEATURE_NAMES } from '@complivue/shared/features';
import { PLAN_NAMES, planLabel } from '@complivue/shared/plans';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiClientError } from '@/lib/api-client';
import { useFeatureMatrix, useSetFeatureAccess } from './api.ts';

export function FeatureMatrixTab() {
  const matrix = useFeatureMatrix();
  const setFeatureAccess = useSetFeatureAccess();
  if (matrix.isPending) return <Spinner label="Loading the feature matrix" />;
  if (matrix.isError) return <Alert variant="destructive">{matrix.error.message}</Alert>;
  const granted = new Set(
    matrix.data.rows
      .filter((row) => row.hasAccess)
      .map((row) => `${row.planName}:${row.featureName}`),
  );

  // Each change says its own refusal: several boxes may be switched before the first answer.
  const toggle = (
    planName: (typeof PLAN_NAMES)[number],
    featureName: (typeof FEATURE_NAMES)[number],
    hasAccess: boolean,
  ) =>
    setFeatureAccess
      .mutateAsync({ planName, featureName, hasAccess })
      .catch((caught: unknown) =>
        toast.error(
          caught instanceof ApiClientError ? caught.message : 'The change could not be saved.',
        ),
      );

  return (
    <div className="overflow-x-auto">
      <p className="mb-3 text-sm text-slate-700">
        Changes apply at once to every company on the plan, through the database's access check.
      </p>
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Feature
            </th>
            {PLAN_NAMES.map((plan) => (
              <th key={plan} scope="col" className="px-2 py-2 text-center font-medium">
                {planLabel(plan)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {FEATURE_NAMES.map((feature) => (
            <tr key={feature}>
              <th scope="row" className="py-1.5 pr-4 font-normal text-slate-900">
                {FEATURE_LABELS[feature]}
              </th>
              {PLAN_NAMES.map((plan) => {
                const checked = granted.has(`${plan}:${feature}`);
                return (
                  <td key={plan} className="px-2 py-1.5 text-center">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      aria-label={`${FEATURE_LABELS[feature]} on ${planLabel(plan)}`}
                      checked={checked}
                      onChange={() => toggle(plan, feature, !checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
