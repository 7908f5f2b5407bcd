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
import { SIGNUP_MESSAGES, normalizeEmail, signUpFormSchema } from '@complivue/shared/schemas/auth';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/form-fields';
import { InstitutionFields } from '@/components/institution-fields';
import { paths } from '@/config/paths';
import { syncConsentAfterSignIn } from '@/lib/cookie-consent';
import { useSignUp } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { signUpErrorMessage } from './auth-errors.ts';
import { keepQuestionnaireForUser, takePendingQuestionnaire } from '@/lib/browser-storage';

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
  const [searchParams] = useSearchParams();
  const plan = pick(searchParams.get('plan'), PLAN_NAMES);
  const billing = pick(searchParams.get('billing'), BILLING_INTERVALS) ?? 'monthly';
  const form = useZodForm(signUpFormSchema, {
    ...prefillFromQuestionnaire(searchParams.get('email') ?? ''),
    password: '',
    fullName: '',
    jobTitle: '',
    companyName: '',
  });
  const signUp = useSignUp();

  async function submit(values: z.output<typeof signUpFormSchema>) {
    const email = normalizeEmail(values.email);
    const questionnaireData = takePendingQuestionnaire(email);
    try {
      const result = await signUp.mutateAsync({
        email,
        password: values.password,
        fullName: values.fullName.trim(),
        jobTitle: values.jobTitle?.trim() || undefined,
        companyName: values.companyName.trim(),
        institutionType: values.institutionType,
        assetsSize: values.assetsSize,
        planType: plan,
        billing,
        questionnaireData,
      });
      if (questionnaireData)
        keepQuestionnaireForUser(email, result.session.user.id, questionnaireData);
      void syncConsentAfterSignIn();
      navigate(result.redirectTo, { replace: true });
    } catch (caught) {
      throw new Error(signUpErrorMessage(caught), { cause: caught });
    }
  }

  return (
    <AuthPageLayout
      wide
      title="Create your account"
      description={<p>{planSummary(plan, billing)}</p>}
    >
      <Form
        form={form}
        onSubmit={submit}
        failure={SIGNUP_MESSAGES.unexpected_error}
        className="grid gap-4 sm:grid-cols-2 [&>[role=alert]]:col-span-full"
      >
        <TextField name="fullName" label="Full name" autoComplete="name" required />
        <TextField name="jobTitle" label="Job title (optional)" autoComplete="organization-title" />
        <TextField name="email" label="Work email" type="email" autoComplete="email" required />
        <PasswordField
          name="password"
          label="Password"
          hint="At least 8 characters."
          autoComplete="new-password"
          required
        />
        <div className="sm:col-span-2">
          <TextField
            name="companyName"
            label="Institution name"
            autoComplete="organization"
            required
          />
        </div>
        <InstitutionFields />
        <div className="sm:col-span-2">
          <SubmitButton className="w-full" pendingLabel="Creating your account...">
            Create account
          </SubmitButton>
          <p className="mt-4 text-center text-sm text-slate-700">
            Already have an account?{' '}
            <Link to={paths.login} className="font-medium text-brand-700 underline">
              Sign in
            </Link>
          </p>
        </div>
      </Form>
    </AuthPageLayout>
  );
}
