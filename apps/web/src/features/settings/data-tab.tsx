import {
  AUDIT_RETENTION_YEARS,
  auditRetentionFormSchema,
  deleteCompanyRequestSchema,
  type SecuritySettings,
} from '@complivue/shared/schemas/company-settings';
import { Download } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { SelectField, TextField } from '@/components/form/form-fields';
import { QueryState } from '@/components/query-state';
import { Button, buttonVariants } from '@/components/ui/button';
import { useDeleteCompany, useSecuritySettings, useUpdateSecuritySettings } from './api.ts';

const RETENTION_LABELS: Record<SecuritySettings['auditRetentionYears'], string> = {
  5: '5 years (the shortest allowed)',
  7: '7 years (default)',
  10: '10 years',
};

function RetentionForm({ settings }: { settings: SecuritySettings }) {
  const form = useZodForm(auditRetentionFormSchema, {
    auditRetentionYears: settings.auditRetentionYears,
  });
  const update = useUpdateSecuritySettings();

  return (
    <Form
      form={form}
      failure="The retention could not be saved."
      className="space-y-3"
      onSubmit={async (values) => {
        await update.mutateAsync(values);
        toast.success('The retention has been saved.');
      }}
    >
      <h2 className="text-base font-semibold text-slate-900">Activity log retention</h2>
      <SelectField
        name="auditRetentionYears"
        label="Keep User Activity entries for"
        hint="Entries older than this are removed by a daily job. Entries cannot be changed or removed any other way."
        className="max-w-xs"
      >
        {AUDIT_RETENTION_YEARS.map((option) => (
          <option key={option} value={option}>
            {RETENTION_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <SubmitButton variant="secondary" pendingLabel="Saving…">
        Save retention
      </SubmitButton>
    </Form>
  );
}

function DeleteForm({ companyName }: { companyName: string }) {
  const form = useZodForm(deleteCompanyRequestSchema, { confirmName: '' });
  const deleteCompany = useDeleteCompany();
  const matches = form.watch('confirmName').trim() === companyName.trim();

  return (
    <Form
      form={form}
      failure="The institution could not be deleted."
      className="space-y-4"
      onSubmit={async (values) => {
        await deleteCompany.mutateAsync(values);
        // Everyone, this browser included, is signed out: start again from the public site.
        window.location.assign('/');
      }}
    >
      <AlertDialog.Title className="text-lg font-semibold text-slate-900">
        Delete {companyName}?
      </AlertDialog.Title>
      <AlertDialog.Description className="text-sm text-slate-700">
        Every member is signed out and their accounts are deleted. This cannot be undone.
      </AlertDialog.Description>
      <TextField name="confirmName" label={`Type “${companyName}” to confirm`} autoComplete="off" />
      <div className="flex justify-end gap-2">
        <AlertDialog.Cancel asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </AlertDialog.Cancel>
        <SubmitButton variant="destructive" pendingLabel="Deleting…" disabled={!matches}>
          Delete permanently
        </SubmitButton>
      </div>
    </Form>
  );
}

function DeleteInstitution({ companyName }: { companyName: string }) {
  return (
    <section className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4">
      <h2 className="text-base font-semibold text-red-900">Delete the institution</h2>
      <p className="text-sm text-slate-800">
        Deletes the institution, every member&apos;s account, its profile, settings, invitations,
        notifications and support tickets, and signs everyone out at once. The activity log is kept
        for its retention period, as record-keeping requires, then removed. Download your data
        first: this cannot be undone.
      </p>
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <Button variant="destructive">Delete the institution…</Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            {/* Mounted while the dialog is open: what was typed is gone when it closes. */}
            <DeleteForm companyName={companyName} />
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
      <QueryState query={settings} loading="Loading the retention setting">
        {(data) => <RetentionForm settings={data} />}
      </QueryState>
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
