import { isLocalPath } from '@complivue/shared/local-path';
import { validateSignIn, normalizeEmail } from '@complivue/shared/schemas/auth';
import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { syncConsentAfterSignIn } from '@/lib/cookie-consent';
import { sessionQueryKey } from '@/lib/session';
import { signIn, verifyTwoFactor } from './api.ts';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { signInErrorMessage } from './auth-errors.ts';
import { PasswordInput } from '@/components/password-input';
import { useSession } from '@/lib/session';

/** docs/product.md § Sign-in. */
const LOGIN_BUSY_RESET_MS = 3000;
const REDIRECT_AFTER_LOGIN_MS = 100;

/** Where a guard sent the user from; only paths inside this app are followed. */
function returnPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return isLocalPath(from) ? from : paths.dashboard;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'two_factor'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

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

  useEffect(() => () => clearTimeout(busyTimer.current), []);

  function startBusy() {
    setBusy(true);
    clearTimeout(busyTimer.current);
    busyTimer.current = setTimeout(() => setBusy(false), LOGIN_BUSY_RESET_MS);
  }

  function stopBusy() {
    clearTimeout(busyTimer.current);
    setBusy(false);
  }

  function finish(signedIn: SessionResponse) {
    queryClient.setQueryData(sessionQueryKey, signedIn);
    void syncConsentAfterSignIn();
    navigate(returnPath(location.state), { replace: true });
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const failure = validateSignIn({ email, password });
    if (failure) {
      setError(failure.message);
      return;
    }
    setError(null);
    startBusy();
    try {
      const result = await signIn({ email: normalizeEmail(email), password });
      if (result.status === 'two_factor_required') {
        setStep('two_factor');
        stopBusy();
        return;
      }
      finish(result.session);
    } catch (caught) {
      setError(signInErrorMessage(caught));
      stopBusy();
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    startBusy();
    try {
      const result = await verifyTwoFactor({ code: code.trim() });
      if (result.status === 'signed_in') finish(result.session);
    } catch (caught) {
      setError(signInErrorMessage(caught));
      stopBusy();
    }
  }

  return (
    <AuthPageLayout title="Welcome Back" description="Sign in to your compliance workspace.">
      {error && (
        <Alert variant="destructive" className="mb-4">
          {error}
        </Alert>
      )}
      {step === 'password' ? (
        <form onSubmit={submitPassword} noValidate className="space-y-4">
          <FormField label="Email">
            {({ id }) => (
              <Input
                id={id}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                required
              />
            )}
          </FormField>
          <FormField label="Password">
            {({ id }) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
            )}
          </FormField>
          <div className="flex justify-end text-sm">
            <Link to={paths.forgotPassword} className="font-medium text-brand-700 underline">
              Forgot your password?
            </Link>
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            Enter the 6-digit code from your authenticator app, or one of your backup codes.
          </p>
          <FormField label="Authentication code">
            {({ id }) => (
              <Input
                id={id}
                inputMode="text"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoFocus
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={busy || code.trim() === ''}>
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
        </form>
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
