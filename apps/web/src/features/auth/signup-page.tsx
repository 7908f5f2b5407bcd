import {
  ASSETS_SIZES,
  INSTITUTION_TYPES,
  type AssetsSize,
  type InstitutionType,
} from '@complivue/shared/institutions';
import {
  BILLING_INTERVALS,
  PLAN_CATALOGUE,
  PLAN_NAMES,
  TRIAL_DAYS,
  type BillingInterval,
  type PlanName,
} from '@complivue/shared/plans';
import { normalizeEmail, validateSignUp } from '@complivue/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { InstitutionFields } from '@/components/institution-fields';
import { paths } from '@/config/paths';
import { syncConsentAfterSignIn } from '@/lib/cookie-consent';
import { sessionQueryKey } from '@/lib/session';
import { signUp } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { signUpErrorMessage } from './auth-errors.ts';
import { keepQuestionnaireForUser, takePendingQuestionnaire } from '@/lib/browser-storage';
import { PasswordInput } from '@/components/password-input';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

function planSummary(plan: PlanName | undefined, billing: BillingInterval): string {
  if (!plan || plan === 'trial') return `${TRIAL_DAYS}-day free trial. No credit card required.`;
  const entry = PLAN_CATALOGUE[plan];
  const price = entry.price[billing];
  const period = billing === 'annual' ? 'year' : 'month';
  if (plan === 'basic') {
    return `${entry.label} ($${price}/${period}) — starts with a ${TRIAL_DAYS}-day free trial. No credit card required.`;
  }
  return `${entry.label} ($${price}/${period}) — you will confirm payment after creating your account.`;
}

/** Arriving from the questionnaire: its email and institution answers fill the form. */
function prefillFromQuestionnaire(email: string) {
  const answers = email ? takePendingQuestionnaire(email) : undefined;
  const institutionType = pick(String(answers?.institutionType ?? ''), INSTITUTION_TYPES);
  const assetsSize = pick(String(answers?.assetsSize ?? ''), ASSETS_SIZES);
  return {
    email,
    institutionType: (institutionType ?? '') as InstitutionType | '',
    assetsSize: (assetsSize ?? '') as AssetsSize | '',
  };
}

export function SignupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const plan = pick(searchParams.get('plan'), PLAN_NAMES);
  const billing = pick(searchParams.get('billing'), BILLING_INTERVALS) ?? 'monthly';
  const [form, setForm] = useState(() => ({
    ...prefillFromQuestionnaire(searchParams.get('email') ?? ''),
    password: '',
    fullName: '',
    jobTitle: '',
    companyName: '',
  }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const failure = validateSignUp(form);
    if (failure) {
      setError(failure.message);
      return;
    }
    setError(null);
    setBusy(true);
    const email = normalizeEmail(form.email);
    const questionnaireData = takePendingQuestionnaire(email);
    try {
      const result = await signUp({
        email,
        password: form.password,
        fullName: form.fullName.trim(),
        jobTitle: form.jobTitle.trim() || undefined,
        companyName: form.companyName.trim(),
        institutionType: form.institutionType || undefined,
        assetsSize: form.assetsSize || undefined,
        planType: plan,
        billing,
        questionnaireData,
      });
      if (questionnaireData)
        keepQuestionnaireForUser(email, result.session.user.id, questionnaireData);
      queryClient.setQueryData(sessionQueryKey, result.session);
      void syncConsentAfterSignIn();
      navigate(result.redirectTo, { replace: true });
    } catch (caught) {
      setError(signUpErrorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <AuthPageLayout
      wide
      title="Create your account"
      description={<p>{planSummary(plan, billing)}</p>}
    >
      {error && (
        <Alert variant="destructive" className="mb-4">
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <FormField label="Full name">
          {({ id }) => (
            <Input
              id={id}
              autoComplete="name"
              value={form.fullName}
              onChange={update('fullName')}
              required
            />
          )}
        </FormField>
        <FormField label="Job title (optional)">
          {({ id }) => (
            <Input
              id={id}
              autoComplete="organization-title"
              value={form.jobTitle}
              onChange={update('jobTitle')}
            />
          )}
        </FormField>
        <FormField label="Work email">
          {({ id }) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={update('email')}
              required
            />
          )}
        </FormField>
        <FormField label="Password" hint="At least 8 characters.">
          {({ id, describedBy }) => (
            <PasswordInput
              id={id}
              aria-describedby={describedBy}
              autoComplete="new-password"
              value={form.password}
              onChange={update('password')}
              required
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField label="Institution name">
            {({ id }) => (
              <Input
                id={id}
                autoComplete="organization"
                value={form.companyName}
                onChange={update('companyName')}
                required
              />
            )}
          </FormField>
        </div>
        <InstitutionFields
          institutionType={form.institutionType}
          assetsSize={form.assetsSize}
          onInstitutionTypeChange={(institutionType) =>
            setForm((current) => ({ ...current, institutionType }))
          }
          onAssetsSizeChange={(assetsSize) => setForm((current) => ({ ...current, assetsSize }))}
        />
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Creating your account...' : 'Create account'}
          </Button>
          <p className="mt-4 text-center text-sm text-slate-700">
            Already have an account?{' '}
            <Link to={paths.login} className="font-medium text-brand-700 underline">
              Sign in
            </Link>
          </p>
        </div>
      </form>
    </AuthPageLayout>
  );
}
