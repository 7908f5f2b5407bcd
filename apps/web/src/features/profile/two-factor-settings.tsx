import type { SessionResponse } from '@complivue/shared/schemas/auth';
import {
  confirmTwoFactorRequestSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
} from '@complivue/shared/schemas/profile';
import QRCode from 'qrcode';
import { useState } from 'react';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/form-fields';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from './api.ts';

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
  qrCode: string;
  secret: string;
}

const FAILURE = 'Something went wrong. Please try again.';

function TurnOffForm() {
  const form = useZodForm(disableTwoFactorRequestSchema, { password: '', code: '' });
  const disable = useDisableTwoFactor();
  return (
    <Form
      form={form}
      failure={FAILURE}
      className="space-y-4"
      onSubmit={async (values) => {
        await disable.mutateAsync(values);
        form.reset();
        toast.success('Two-factor authentication is off.');
      }}
    >
      <PasswordField name="password" label="Password" autoComplete="current-password" />
      <TextField
        name="code"
        label="Code from your authenticator app"
        hint="Lost the app? Enter one of your backup codes instead."
        autoComplete="one-time-code"
      />
      <SubmitButton variant="destructive" pendingLabel="Turn off two-factor authentication">
        Turn off two-factor authentication
      </SubmitButton>
    </Form>
  );
}

function ConfirmForm({ enrolment, onDone }: { enrolment: Enrolment; onDone: () => void }) {
  const form = useZodForm(confirmTwoFactorRequestSchema, { code: '' });
  const confirm = useConfirmTwoFactor();
  return (
    <Form
      form={form}
      failure={FAILURE}
      className="space-y-4"
      onSubmit={async ({ code }) => {
        await confirm.mutateAsync(code);
        onDone();
        toast.success('Two-factor authentication is on.');
      }}
    >
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
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-xs" aria-label="Backup codes">
            {enrolment.backupCodes.map((backupCode) => (
              <li key={backupCode} className="rounded bg-slate-100 px-2 py-1">
                {backupCode}
              </li>
            ))}
          </ul>
        </li>
        <li>Enter the 6-digit code the app shows now.</li>
      </ol>
      <TextField
        name="code"
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <SubmitButton pendingLabel="Turn on">Turn on</SubmitButton>
    </Form>
  );
}

function StartForm({ onStarted }: { onStarted: (enrolment: Enrolment) => void }) {
  const form = useZodForm(enableTwoFactorRequestSchema, { password: '' });
  const enable = useEnableTwoFactor();
  const password = form.watch('password');
  return (
    <Form
      form={form}
      failure={FAILURE}
      className="space-y-4"
      onSubmit={async (values) => {
        const result = await enable.mutateAsync(values.password);
        onStarted({
          ...result,
          qrCode: await QRCode.toDataURL(result.totpURI, { margin: 1, width: 192 }),
          secret: new URL(result.totpURI).searchParams.get('secret') ?? '',
        });
      }}
    >
      <PasswordField
        name="password"
        label="Confirm your password to set up two-factor authentication"
        autoComplete="current-password"
      />
      <SubmitButton pendingLabel="Set up two-factor authentication" disabled={password === ''}>
        Set up two-factor authentication
      </SubmitButton>
    </Form>
  );
}

/** TOTP two-factor authentication: enrol with a QR code and backup codes, or turn it off. */
export function TwoFactorSettings({ session }: { session: SessionResponse }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const enabled = session.user.twoFactorEnabled;

  return (
    <div className="max-w-xl space-y-4">
      <p className="text-sm text-slate-700">
        Status:{' '}
        <strong className={enabled ? 'text-emerald-800' : 'text-slate-900'}>
          {enabled ? 'On' : 'Off'}
        </strong>
        . With two-factor authentication, signing in also needs a code from an authenticator app.
      </p>
      {enabled ? (
        <TurnOffForm />
      ) : enrolment ? (
        <ConfirmForm enrolment={enrolment} onDone={() => setEnrolment(null)} />
      ) : (
        <StartForm onStarted={setEnrolment} />
      )}
    </div>
  );
}
