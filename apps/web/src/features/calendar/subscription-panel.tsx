import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ShownOnceField } from '@/components/copy-button';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import {
  ICS_EXPORT_HREF,
  useCreateSubscription,
  useRevokeSubscription,
  useSubscriptionStatus,
} from './api.ts';

/** The .ics download, and the member's secret subscription URL (create, rotate, revoke). */
export function SubscriptionPanel() {
  const status = useSubscriptionStatus();
  const create = useCreateSubscription();
  const revoke = useRevokeSubscription();
  const [url, setUrl] = useState<string | null>(null);
  const busy = create.isPending || revoke.isPending;
  const error = create.isError
    ? userFacingMessage(create.error, 'The subscription URL could not be created.')
    : revoke.isError
      ? userFacingMessage(revoke.error, 'The subscription URL could not be revoked.')
      : null;
  const active = status.data?.active ?? false;

  return (
    <section aria-labelledby="subscribe-heading" className="space-y-3">
      <h2 id="subscribe-heading" className="text-lg font-semibold text-slate-900">
        Export and subscribe
      </h2>
      <p className="text-sm text-slate-700">
        Download the calendar as an iCalendar file, or subscribe to it from Outlook, Google Calendar
        or Apple Calendar with your own secret URL: recurring deadlines keep their rules, and the
        calendar app picks up changes.
      </p>
      <p className="text-sm text-slate-700">
        SAR deadlines are never included in the download or the subscription: a SAR, and anything
        that would reveal one exists, is confidential (31 CFR 1020.320(e) for banks and credit
        unions, 31 CFR 1029.320 for non-bank mortgage lenders). They stay in this calendar, seen by
        their owner, the member who added them, managers and administrators.
      </p>
      <a href={ICS_EXPORT_HREF} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
        <Download aria-hidden="true" className="size-4" />
        Download .ics
      </a>
      {error && <Alert variant="destructive">{error}</Alert>}
      {url && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <ShownOnceField
            label="Your subscription URL"
            hint="Shown this once: copy it now. Anyone with it can read your institution’s calendar, so keep it private; rotate it if it leaks."
            value={url}
            copied="The subscription URL has been copied."
          />
        </div>
      )}
      <p className="text-sm text-slate-700" role="status">
        {status.isPending
          ? 'Checking your subscription…'
          : active
            ? `Your subscription URL is active (created ${formatDateTime(status.data!.createdAt!)}${
                status.data?.lastUsedAt
                  ? `; last read by a calendar app ${formatDateTime(status.data.lastUsedAt)}`
                  : ''
              }).`
            : 'You have no subscription URL.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={busy}
          onClick={() => {
            revoke.reset();
            create.mutate(undefined, { onSuccess: (created) => setUrl(created.url) });
          }}
        >
          {active ? 'Rotate the URL' : 'Create a subscription URL'}
        </Button>
        {active && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => {
              create.reset();
              revoke.mutate(undefined, {
                onSuccess: () => {
                  setUrl(null);
                  toast.success('The subscription URL no longer works.');
                },
              });
            }}
          >
            Revoke
          </Button>
        )}
      </div>
      {active && (
        <p className="text-xs text-slate-600">
          Rotating replaces the URL: the old one stops working at once.
        </p>
      )}
    </section>
  );
}
