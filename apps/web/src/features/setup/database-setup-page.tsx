import { normalizeEmail, validateSignUp } from '@complivue/shared/schemas/auth';
import { SETUP_MESSAGES, type SetupStatusResponse } from '@complivue/shared/schemas/setup';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { sessionQueryKey } from '@/lib/session';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { PasswordInput } from '@/components/password-input';
import { ApiClientError } from '@/lib/api-client';
import { DemoWorkspaceSection } from './demo-workspace-section.tsx';
import { createFirstAdministrator, getSetupStatus, setupQueryKey } from './api.ts';

const EMAIL_MODE_LABELS = {
  smtp: 'SMTP: messages are sent',
  outbox: 'Outbox: messages are kept in the database and the server log (set SMTP_URL to send)',
} as const;

const PAYMENTS_MODE_LABELS = {
  stripe: 'Stripe',
  sandbox: 'Sandbox (test checkout, no charges)',
  not_configured: 'Not configured',
} as const;

function SystemStatus({
  system,
}: {
  system: Extract<SetupStatusResponse, { state: 'status' }>['system'];
}) {
  const rows: [string, string][] = [
    ['Database', system.database === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL server'],
    [
      'Migrations',
      `${system.migrations.applied} applied (latest ${system.migrations.latest ?? 'none'})`,
    ],
    ['Email', EMAIL_MODE_LABELS[system.emailMode]],
    ['Payments', PAYMENTS_MODE_LABELS[system.paymentsMode]],
    ['Password reset', system.passwordResetEnabled ? 'Enabled' : 'Disabled by the operator'],
  ];
  return (
    <dl className="divide-y divide-slate-200 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-3 gap-4 py-3">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="col-span-2 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FirstAdministratorForm() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ email: '', password: '', fullName: '', companyName: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const failure = validateSignUp(form);
    if (failure) {
      setError(failure.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await createFirstAdministrator({ ...form, email: normalizeEmail(form.email) });
      queryClient.setQueryData(sessionQueryKey, result.session);
      await queryClient.invalidateQueries({ queryKey: setupQueryKey });
    } catch (caught) {
      setError(
        caught instanceof ApiClientError
          ? caught.message
          : 'The administrator could not be created.',
      );
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Alert>
        No account exists yet. Create the platform administrator: the person who operates this
        installation. Institutions then sign up for their own workspaces.
      </Alert>
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField label="Full name">
        {({ id }) => (
          <Input id={id} autoComplete="name" value={form.fullName} onChange={update('fullName')} />
        )}
      </FormField>
      <FormField label="Email">
        {({ id }) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={update('email')}
          />
        )}
      </FormField>
      <FormField label="Password" hint="At least 8 characters. There is no default password.">
        {({ id, describedBy }) => (
          <PasswordInput
            id={id}
            aria-describedby={describedBy}
            autoComplete="new-password"
            value={form.password}
            onChange={update('password')}
          />
        )}
      </FormField>
      <FormField label="Operating organisation">
        {({ id }) => (
          <Input
            id={id}
            autoComplete="organization"
            value={form.companyName}
            onChange={update('companyName')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating...' : 'Create administrator'}
      </Button>
    </form>
  );
}

/** `/database-setup`: first-run set-up while no user exists, then system status for super admins. */
export function DatabaseSetupPage() {
  const status = useQuery({ queryKey: setupQueryKey, queryFn: getSetupStatus, retry: false });
  return (
    <AuthPageLayout
      title={status.data?.state === 'status' ? 'System status' : 'Set up Complivue'}
      wide
    >
      {status.isPending ? (
        <Spinner label="Checking set-up" />
      ) : status.isError ? (
        <Alert variant="destructive">{status.error.message}</Alert>
      ) : status.data.state === 'open' ? (
        <FirstAdministratorForm />
      ) : status.data.state === 'status' ? (
        <>
          <SystemStatus system={status.data.system} />
          <DemoWorkspaceSection />
          <p className="mt-6 text-sm">
            <Link to={paths.dashboard} className="font-medium text-brand-700 underline">
              Go to the dashboard
            </Link>
          </p>
        </>
      ) : (
        <>
          <Alert>{SETUP_MESSAGES.closed}</Alert>
          <p className="mt-4 text-sm">
            <Link to={paths.login} className="font-medium text-brand-700 underline">
              Sign in
            </Link>
          </p>
        </>
      )}
    </AuthPageLayout>
  );
}
