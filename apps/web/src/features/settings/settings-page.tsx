import { QueryState } from '@/components/query-state';
import {
  SESSION_LIFETIME_HOURS,
  securitySettingsFormSchema,
  type SecuritySettings,
} from '@complivue/shared/schemas/company-settings';
import { hasRoleAtLeast } from '@complivue/shared/roles';
import { Tabs } from 'radix-ui';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CompanyProfileForm } from '@/components/company-profile-form';
import { CheckboxField } from '@/components/form/checkbox-field';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextareaField } from '@/components/form/form-fields';
import { CompanySummary } from '@/components/company-summary';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TabTrigger } from '@/components/ui/tab-trigger';
import { paths } from '@/config/paths';
import { useCompanyProfile } from '@/lib/company-profile';
import { useSession } from '@/lib/session';
import { useSecuritySettings, useUpdateSecuritySettings } from './api.ts';
import { DataTab } from './data-tab.tsx';
import { NotificationDefaultsTab } from './notification-defaults-tab.tsx';

const LIFETIME_LABELS: Record<SecuritySettings['sessionLifetimeHours'], string> = {
  8: '8 hours (a working day)',
  12: '12 hours',
  24: '24 hours',
  72: '3 days',
  168: '7 days (the longest allowed)',
};

function InstitutionTab({ isAdmin }: { isAdmin: boolean }) {
  const company = useCompanyProfile();
  return (
    <QueryState query={company} loading="Loading your institution">
      {(profile) =>
        isAdmin ? (
          <CompanyProfileForm
            key={profile.updatedAt}
            profile={profile}
            complete
            onSaved={() => toast.success("Your institution's profile has been saved.")}
            actions={(busy) => (
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving…' : 'Save institution profile'}
              </Button>
            )}
          />
        ) : (
          <CompanySummary profile={profile} />
        )
      }
    </QueryState>
  );
}

function SecurityForm({ settings }: { settings: SecuritySettings }) {
  const form = useZodForm(securitySettingsFormSchema, {
    requireTwoFactor: settings.requireTwoFactor,
    sessionLifetimeHours: settings.sessionLifetimeHours,
    allowedEmailDomains: settings.allowedEmailDomains.join(', '),
  });
  const update = useUpdateSecuritySettings();

  return (
    <Form
      form={form}
      failure="The security settings could not be saved."
      className="space-y-5"
      onSubmit={async (values) => {
        const saved = await update.mutateAsync(values);
        form.reset({ ...values, allowedEmailDomains: saved.allowedEmailDomains.join(', ') });
        toast.success('The security settings have been saved.');
      }}
    >
      <CheckboxField
        name="requireTwoFactor"
        label="Require two-factor authentication for every member"
        description="Members without it are sent to turn it on before they can open anything else. This includes you, if your own account does not use it yet."
      />
      <SelectField
        name="sessionLifetimeHours"
        label="Session length"
        hint="How long a sign-in lasts before members must sign in again."
      >
        {SESSION_LIFETIME_HOURS.map((hours) => (
          <option key={hours} value={hours}>
            {LIFETIME_LABELS[hours]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        name="allowedEmailDomains"
        label="Allowed email domains for invitations"
        hint="Separate domains with commas, e.g. firstcu.org, firstcu.com. Leave empty to allow any."
        rows={2}
      />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save security settings</SubmitButton>
      </div>
    </Form>
  );
}

function SecurityTab() {
  const settings = useSecuritySettings(true);
  return (
    <QueryState query={settings} loading="Loading the security settings">
      {(data) => <SecurityForm settings={data} />}
    </QueryState>
  );
}

/**
 * `/settings`: the institution's profile, its notification defaults, its security rules, its
 * subscription and its data.
 */
export function SettingsPage() {
  const { data: session } = useSession();
  const isAdmin = Boolean(session && hasRoleAtLeast(session.profile.role, 'admin'));
  if (!session?.company) {
    return <Alert>Settings belong to an institution; you are not a member of one yet.</Alert>;
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-700">
          {isAdmin
            ? 'Changes are recorded in User Activity with who made them and what changed.'
            : 'Administrators change these settings; you can see your institution’s profile.'}
        </p>
      </div>
      <Tabs.Root defaultValue="institution">
        <Tabs.List aria-label="Settings sections" className="flex flex-wrap gap-2">
          <TabTrigger value="institution">Institution profile</TabTrigger>
          {isAdmin && <TabTrigger value="notifications">Notifications</TabTrigger>}
          {isAdmin && <TabTrigger value="security">Security</TabTrigger>}
          <TabTrigger value="subscription">Subscription</TabTrigger>
          {isAdmin && <TabTrigger value="data">Data</TabTrigger>}
        </Tabs.List>
        <Card className="mt-4 p-5 sm:p-6">
          <Tabs.Content value="institution">
            <InstitutionTab isAdmin={isAdmin} />
          </Tabs.Content>
          {isAdmin && (
            <Tabs.Content value="security">
              <SecurityTab />
            </Tabs.Content>
          )}
          <Tabs.Content value="subscription" className="space-y-3 text-sm text-slate-700">
            <p>Your plan, its renewal date, invoices and changes of plan are on one page.</p>
            <Button asChild variant="secondary">
              <Link to={paths.settingsSubscription}>Manage your subscription</Link>
            </Button>
          </Tabs.Content>
          {isAdmin && (
            <Tabs.Content value="notifications">
              <NotificationDefaultsTab />
            </Tabs.Content>
          )}
          {isAdmin && (
            <Tabs.Content value="data">
              <DataTab companyName={session.company.name} />
            </Tabs.Content>
          )}
        </Card>
      </Tabs.Root>
    </div>
  );
}
