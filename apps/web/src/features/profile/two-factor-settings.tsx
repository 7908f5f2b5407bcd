import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { sessionQueryKey } from '@/lib/session';
import { PasswordInput } from '@/components/password-input';
import { ApiClientError } from '@/lib/api-client';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor } from './api.ts';

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
  qrCode: string;
  secret: string;
}

function messageOf(caught: unknown): string {
  return caught instanceof ApiClientError
    ? caught.message
    : 'Something went wrong. Please try again.';
}

/** TOTP two-factor authentication: enrol with a QR code and backup codes, or turn it off. */
export function TwoFactorSettings({ session }: { session: SessionResponse }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = session.user.twoFactorEnabled;

  async function refreshSession() {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  const start = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const result = await enableTwoFactor(password);
      setEnrolment({
        ...result,
        qrCode: await QRCode.toDataURL(result.totpURI, { margin: 1, width: 192 }),
        secret: new URL(result.totpURI).searchParams.get('secret') ?? '',
      });
      setPassword('');
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      await confirmTwoFactor(code.trim());
      setEnrolment(null);
      setCode('');
      await refreshSession();
      toast.success('Two-factor authentication is on.');
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      await disableTwoFactor({ password, code: code.trim() });
      setPassword('');
      setCode('');
      await refreshSession();
      toast.success('Two-factor authentication is off.');
    });
  };

  return (
    <div className="max-w-xl space-y-4">
      <p className="text-sm text-slate-700">
        Status:{' '}
        <strong className={enabled ? 'text-emerald-800' : 'text-slate-900'}>
          {enabled ? 'On' : 'Off'}
        </strong>
        . With two-factor authentication, signing in also needs a code from an authenticator app.
      </p>
      {error && <Alert variant="destructive">{error}</Alert>}
      {enabled ? (
        <form onSubmit={turnOff} noValidate className="space-y-4">
          <FormField label="Password">
            {({ id }) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            label="Code from your authenticator app"
            hint="Lost the app? Enter one of your backup codes instead."
          >
            {({ id, describedBy }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" variant="destructive" disabled={busy}>
            Turn off two-factor authentication
          </Button>
        </form>
      ) : enrolment ? (
        <form onSubmit={confirm} noValidate className="space-y-4">
          <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-800">
            <li>
              Scan this code with your authenticator app, or enter the key by hand.
              <img
                src={enrolment.qrCode}
                alt="QR code for your authenticator app"
                width={192}
                height={192}
                className="mt-2"
              />
              <code className="mt-2 block break-all rounded bg-slate-100 px-2 py-1 text-xs">
                {enrolment.secret}
              </code>
            </li>
            <li>
              Keep these backup codes somewhere safe. Each one signs you in once if you lose your
              device.
              <ul
                className="mt-2 grid grid-cols-2 gap-1 font-mono text-xs"
                aria-label="Backup codes"
              >
                {enrolment.backupCodes.map((backupCode) => (
                  <li key={backupCode} className="rounded bg-slate-100 px-2 py-1">
                    {backupCode}
                  </li>
                ))}
              </ul>
            </li>
            <li>Enter the 6-digit code the app shows now.</li>
          </ol>
          <FormField label="6-digit code">
            {({ id }) => (
              <Input
                id={id}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={busy}>
            Turn on
          </Button>
        </form>
      ) : (
        <form onSubmit={start} noValidate className="space-y-4">
          <FormField label="Confirm your password to set up two-factor authentication">
            {({ id }) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={busy || password === ''}>
            Set up two-factor authentication
          </Button>
        </form>
      )}
    </div>
  );
}
