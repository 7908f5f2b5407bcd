import {
  AUDIT_RETENTION_YEARS,
  type SecuritySettings,
} from '@complivue/shared/schemas/company-settings';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAsyncAction } from '@/lib/use-async-action';
import {
  deleteCompany,
  securitySettingsQueryKey,
  updateSecuritySettings,
  useSecuritySettings,
} from './api.ts';

const RETENTION_LABELS: Record<SecuritySettings['auditRetentionYears'], string> = {
  5: '5 years (the shortest allowed)',
  7: '7 years (default)',
  10: '10 years',
};

function RetentionForm({ settings }: { settings: SecuritySettings }) {
  const queryClient = useQueryClient();
  const [years, setYears] = useState(settings.auditRetentionYears);
  const { busy, error, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const saved = await updateSecuritySettings({ auditRetentionYears: years });
      queryClient.setQueryData(securitySettingsQueryKey, saved);
      toast.success('The retention has been saved.');
    }, 'The retention could not be saved.');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <h2 className="text-base font-semibold text-slate-900">Activity log retention</h2>
      {error && <Alert variant="destructive">{error}</Alert>}
      <FormField
        label="Keep User Activity entries for"
        hint="Entries older than this are removed by a daily job. Entries cannot be changed or removed any other way."
      >
        {({ id, describedBy }) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            className="max-w-xs"
            value={years}
            onChange={(event) =>
              setYears(Number(event.target.value) as SecuritySettings['auditRetentionYears'])
            }
          >
            {AUDIT_RETENTION_YEARS.map((option) => (
              <option key={option} value={option}>
                {RETENTION_LABELS[option]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Saving…' : 'Save retention'}
      </Button>
    </form>
  );
}

function DeleteInstitution({ companyName }: { companyName: string }) {
  const [typed, setTyped] = useState('');
  const { busy, error, run } = useAsyncAction();
  const matches = typed.trim() === companyName.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    const deleted = await run(() => deleteCompany(typed), 'The institution could not be deleted.');
    // Everyone, this browser included, is signed out: start again from the public site.
    if (deleted) window.location.assign('/');
  }

  return (
    <section className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4">
      <h2 className="text-base font-semibold text-red-900">Delete the institution</h2>
      <p className="text-sm text-slate-800">
        Deletes the institution, every member&apos;s account, its profile, settings, invitations,
        notifications and support tickets, and signs everyone out at once. The activity log is kept
        for its retention period, as record-keeping requires, then removed. Download your data
        first: this cannot be undone.
      </p>
      <AlertDialog.Root onOpenChange={() => setTyped('')}>
        <AlertDialog.Trigger asChild>
          <Button variant="destructive">Delete the institution…</Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <form onSubmit={submit} noValidate className="space-y-4">
              <AlertDialog.Title className="text-lg font-semibold text-slate-900">
                Delete {companyName}?
              </AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-slate-700">
                Every member is signed out and their accounts are deleted. This cannot be undone.
              </AlertDialog.Description>
              {error && <Alert variant="destructive">{error}</Alert>}
              <FormField label={`Type “${companyName}” to confirm`}>
                {({ id }) => (
                  <Input
                    id={id}
                    autoComplete="off"
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                  />
                )}
              </FormField>
              <div className="flex justify-end gap-2">
                <AlertDialog.Cancel asChild>
                  <Button type="button" variant="secondary">
                    Cancel
                  </Button>
                </AlertDialog.Cancel>
                <Button type="submit" variant="destructive" disabled={!matches || busy}>
                  {busy ? 'Deleting…' : 'Delete permanently'}
                </Button>
              </div>
            </form>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}

function ExportSection() {
  return (
    <section className="space-y-3">
      <h2 className="text-base font-semibold text-slate-900">Export</h2>
      <p>
        Download everything your institution keeps here as a ZIP of CSV and JSON files: the
        institution profile and settings, plans, members, invitations, notifications and the full
        activity log. Passwords and two-factor secrets are never included. The download is recorded
        in User Activity.
      </p>
      <a href="/api/company/export" download className={buttonVariants({ variant: 'secondary' })}>
        <Download aria-hidden="true" className="size-4" />
        Download all data (ZIP)
      </a>
    </section>
  );
}

/** Settings › Data (administrators): export, retention of the activity log, deletion. */
export function DataTab({ companyName }: { companyName: string }) {
  const settings = useSecuritySettings(true);
  return (
    <div className="space-y-8 text-sm text-slate-700">
      <ExportSection />
      {settings.isPending ? (
        <Spinner label="Loading the retention setting" />
      ) : settings.isError ? (
        <Alert variant="destructive">{settings.error.message}</Alert>
      ) : (
        <RetentionForm settings={settings.data} />
      )}
      <DeleteInstitution companyName={companyName} />
    </div>
  );
}

/**
 * Export and deletion alone, for an administrator whose plan has lapsed: leaving with the
 * institution's records never needs a subscription, though the rest of Settings does.
 */
export function LeaveWithYourData({ companyName }: { companyName: string }) {
  return (
    <div className="space-y-8 text-sm text-slate-700">
      <ExportSection />
      <DeleteInstitution companyName={companyName} />
    </div>
  );
}
