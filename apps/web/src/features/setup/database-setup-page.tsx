import { normalizeEmail } from '@complivue/shared/schemas/auth';
import {
  SETUP_MESSAGES,
  setupFormSchema,
  type SetupStatusResponse,
} from '@complivue/shared/schemas/setup';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/form-fields';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AuthPageLayout } from '@/components/layouts/auth-page-layout';
import { DemoWorkspaceSection } from './demo-workspace-section.tsx';
import { getSetupStatus, setupQueryKey, useCreateFirstAdministrator } from './api.ts';

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
  const form = useZodForm(setupFormSchema, {
    fullName: '',
    email: '',
    password: '',
    companyName: '',
  });
  const createAdministrator = useCreateFirstAdministrator();

  return (
    <div className="space-y-4">
      <Alert>
        No account exists yet. Create the platform administrator: the person who operates this
        installation. Institutions then sign up for their own workspaces.
      </Alert>
      <Form
        form={form}
        failure="The administrator could not be created."
        className="space-y-4"
        onSubmit={(values) =>
          createAdministrator.mutateAsync({ ...values, email: normalizeEmail(values.email) })
        }
      >
        <TextField name="fullName" label="Full name" autoComplete="name" />
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <PasswordField
          name="password"
          label="Password"
          hint="At least 8 characters. There is no default password."
          autoComplete="new-password"
        />
        <TextField name="companyName" label="Operating organisation" autoComplete="organization" />
        <SubmitButton className="w-full" pendingLabel="Creating...">
          Create administrator
        </SubmitButton>
      </Form>
    </div>
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
