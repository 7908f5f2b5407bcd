import { hasRoleAtLeast } from '@complivue/shared/roles';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { CheckCircle2, Circle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { readOnboardingFlag } from '@/lib/browser-storage';
import { useCompanyProfile } from '@/lib/company-profile';
import { onboardingChecklist, shouldOfferOnboarding } from './onboarding.ts';

// Only new accounts see the wizard: it is loaded when it opens, not with the dashboard.
const OnboardingWizard = lazy(() =>
  import('./onboarding-wizard.tsx').then((module) => ({ default: module.OnboardingWizard })),
);

/**
 * The dashboard's onboarding: the wizard, opened automatically for a new account
 * (docs/product.md § Onboarding), and a progress card that stays until every setup step is done and
 * can reopen the wizard.
 */
export function OnboardingPanel({ session }: { session: SessionResponse }) {
  const [wizardOpen, setWizardOpen] = useState(() =>
    shouldOfferOnboarding(session, readOnboardingFlag(session.user.id)),
  );
  const isAdmin = hasRoleAtLeast(session.profile.role, 'admin');
  const company = useCompanyProfile(Boolean(session.company) && isAdmin);
  const steps = onboardingChecklist(session, company.data);
  const done = steps.filter((step) => step.done).length;
  const waitingForCompany = Boolean(session.company) && isAdmin && company.isPending;

  return (
    <>
      {!waitingForCompany && done < steps.length && (
        <Card className="p-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">Finish setting up</h2>
              <p className="text-sm text-slate-700" id="onboarding-progress-label">
                {done} of {steps.length} steps done
              </p>
            </div>
            <Button type="button" variant="secondary" onClick={() => setWizardOpen(true)}>
              Continue setup
            </Button>
          </div>
          <div
            role="progressbar"
            aria-labelledby="onboarding-progress-label"
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-brand-700"
              style={{ width: `${(done / steps.length) * 100}%` }}
            />
          </div>
          <ul className="mt-4 space-y-2 text-sm">
            {steps.map((step) => (
              <li key={step.id} className="flex items-center gap-2">
                {step.done ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" />
                ) : (
                  <Circle aria-hidden="true" className="size-4 text-slate-500" />
                )}
                {!step.done && step.to ? (
                  <Link to={step.to} className="font-medium text-brand-800 underline">
                    {step.label}
                  </Link>
                ) : (
                  <span className={step.done ? 'text-slate-600 line-through' : 'text-slate-900'}>
                    {step.label}
                  </span>
                )}
                <span className="sr-only">{step.done ? '(done)' : '(to do)'}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {wizardOpen && (
        <Suspense fallback={null}>
          <OnboardingWizard session={session} onClose={() => setWizardOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
