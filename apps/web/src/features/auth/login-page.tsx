import { isLocalPath } from '@complivue/shared/local-path';
import {
  SIGNIN_MESSAGES,
  normalizeEmail,
  signInFormSchema,
  totpCodeRequestSchema,
} from '@complivue/shared/schemas/auth';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Form, useZodForm } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { syncConsentAfterSignIn } from '@/lib/cookie-consent';
import { useSignIn, useVerifyTwoFactor } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { signInErrorMessage } from './auth-errors.ts';
import { useSession } from '@/lib/session';

/** docs/product.md § Sign-in. */
const LOGIN_BUSY_RESET_MS = 3000;
const REDIRECT_AFTER_LOGIN_MS = 100;

/** Where a guard sent the user from; only paths inside this app are followed. */
function returnPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return isLocalPath(from) ? from : paths.dashboard;
}

/** The spec's sign-in messages for a refusal or a failure on the way. */
function signInFailure(caught: unknown): Error {
  return new Error(signInErrorMessage(caught), { cause: caught });
}

/**
 * The submit button of a sign-in step: busy while the request is out, but never for more than
 * three seconds (docs/product.md § Sign-in), so a slow answer cannot lock the form.
 */
function SignInButton({
  pendingLabel,
  disabled = false,
  children,
}: {
  pendingLabel: string;
  disabled?: boolean;
  children: string;
}) {
  const { isSubmitting, submitCount } = useFormContext().formState;
  // The submission (counted by `submitCount`, which grows once it ends) that outlived the limit.
  const [staleSubmission, setStaleSubmission] = useState(-1);
  useEffect(() => {
    if (!isSubmitting) return;
    const timer = setTimeout(() => setStaleSubmission(submitCount), LOGIN_BUSY_RESET_MS);
    return () => clearTimeout(timer);
  }, [isSubmitting, submitCount]);
  const busy = isSubmitting && staleSubmission !== submitCount;
  return (
    <Button type="submit" className="w-full" disabled={busy || disabled}>
      {busy ? pendingLabel : children}
    </Button>
  );
}

function PasswordStep({
  onTwoFactor,
  onSignedIn,
}: {
  onTwoFactor: () => void;
  onSignedIn: () => void;
}) {
  const form = useZodForm(signInFormSchema, { email: '', password: '' });
  const signIn = useSignIn();
  return (
    <Form
      form={form}
      failure={SIGNIN_MESSAGES.failed}
      className="space-y-4"
      onSubmit={async ({ email, password }) => {
        const result = await signIn
          .mutateAsync({ email: normalizeEmail(email), password })
          .catch((caught: unknown) => {
            throw signInFailure(caught);
          });
        if (result.status === 'two_factor_required') onTwoFactor();
        else onSignedIn();
      }}
    >
      <TextField name="email" label="Email" type="email" autoComplete="email" required />
      <PasswordField name="password" label="Password" autoComplete="current-password" required />
      <div className="flex justify-end text-sm">
        <Link to={paths.forgotPassword} className="font-medium text-brand-700 underline">
          Forgot your password?
        </Link>
      </div>
      <SignInButton pendingLabel="Signing In...">Sign In</SignInButton>
    </Form>
  );
}

function TwoFactorStep({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useZodForm(totpCodeRequestSchema, { code: '' });
  const verify = useVerifyTwoFactor();
  const code = form.watch('code');
  return (
    <Form
      form={form}
      failure={SIGNIN_MESSAGES.failed}
      className="space-y-4"
      onSubmit={async ({ code }) => {
        const result = await verify.mutateAsync({ code }).catch((caught: unknown) => {
          throw signInFailure(caught);
        });
        if (result.status === 'signed_in') onSignedIn();
      }}
    >
      <p className="text-sm text-slate-700">
        Enter the 6-digit code from your authenticator app, or one of your backup codes.
      </p>
      <TextField
        name="code"
        label="Authentication code"
        inputMode="text"
        autoComplete="one-time-code"
        autoFocus
      />
      <SignInButton pendingLabel="Verifying..." disabled={code.trim() === ''}>
        Verify
      </SignInButton>
    </Form>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [step, setStep] = useState<'password' | 'two_factor'>('password');

  // A visitor who is already signed in goes on to the dashboard after 100 ms
  // (docs/product.md § Sign-in).
  useEffect(() => {
    if (!session.data) return;
    const timer = setTimeout(
      () => navigate(paths.dashboard, { replace: true }),
      REDIRECT_AFTER_LOGIN_MS,
    );
    return () => clearTimeout(timer);
  }, [session.data, navigate]);

  /** The session is in the cache (the mutation put it there): on to where the member was going. */
  function finish() {
    void syncConsentAfterSignIn();
    navigate(returnPath(location.state), { replace: true });
  }

  return (
    <AuthPageLayout title="Welcome Back" description="Sign in to your compliance workspace.">
      {step === 'password' ? (
        <PasswordStep onTwoFactor={() => setStep('two_factor')} onSignedIn={finish} />
      ) : (
        <TwoFactorStep onSignedIn={finish} />
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        New to Complivue?{' '}
        <Link to={paths.signup} className="font-medium text-brand-700 underline">
          Create an account
        </Link>
      </p>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <Button variant="ghost" size="sm" onClick={() => navigate(paths.home)}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
      </div>
    </AuthPageLayout>
  );
}
