import type { WebhookDelivery, WebhookEndpoint } from '@complivue/shared/schemas/automations';
import { RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import { useRedeliverWebhook, useWebhookDeliveries } from './api.ts';
import { runPath } from './links.ts';
import { DeliveryStatusToken, deliveryStatusWord, formatDuration } from './run-status.tsx';

/** Each try: when, the HTTP status the endpoint answered (or none), how long, and the error. */
function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <span className="text-slate-700">Not tried yet</span>;
  return (
    <ol className="space-y-1">
      {delivery.attempts.map((attempt, index) => (
        <li key={`${attempt.at}-${index}`} className="text-xs">
          <time dateTime={attempt.at} className="text-slate-700">
            {formatDateTime(attempt.at)}
          </time>
          {' · '}
          <span className="font-medium text-slate-900">
            {attempt.responseStatus === null ? 'No answer' : `HTTP ${attempt.responseStatus}`}
          </span>
          {' · '}
          {formatDuration(attempt.durationMs)}
          {attempt.error && <span className="block text-red-800">{attempt.error}</span>}
        </li>
      ))}
    </ol>
  );
}

function RedeliverButton({ delivery }: { delivery: WebhookDelivery }) {
  const redeliver = useRedeliverWebhook();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={redeliver.isPending}
      onClick={() =>
        redeliver.mutate(delivery.id, {
          onSuccess: (result) =>
            toast.success(`Sent again: ${deliveryStatusWord(result.status).toLowerCase()}.`),
          onError: (caught) =>
            toast.error(userFacingMessage(caught, 'The delivery could not be sent again.')),
        })
      }
    >
      <RotateCw aria-hidden="true" className="size-4" />
      {redeliver.isPending ? 'Sending…' : 'Redeliver'}
      <span className="sr-only">
        {' '}
        the {delivery.eventType} delivery of {formatDateTime(delivery.createdAt)}
      </span>
    </Button>
  );
}

const columns: Column<WebhookDelivery>[] = [
  {
    header: 'Created',
    className: 'whitespace-nowrap',
    cell: (delivery) => (
      <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
    ),
  },
  { header: 'Event', cell: (delivery) => <code className="text-xs">{delivery.eventType}</code> },
  {
    header: 'Status',
    cell: (delivery) => (
      <span className="flex flex-col items-start gap-1">
        <DeliveryStatusToken status={delivery.status} />
        {delivery.nextAttemptAt && (
          <span className="text-xs text-slate-700">
            Next try {formatDateTime(delivery.nextAttemptAt)}
          </span>
        )}
      </span>
    ),
  },
  { header: 'Attempts', cell: (delivery) => <Attempts delivery={delivery} /> },
  {
    header: 'Run',
    cell: (delivery) =>
      delivery.runId ? (
        <Link to={runPath(delivery.runId)} className="text-brand-700 underline">
          Open the run
        </Link>
      ) : (
        <span className="text-xs text-slate-700">A test</span>
      ),
  },
  {
    header: 'Redeliver',
    hideHeader: true,
    cell: (delivery) => <RedeliverButton delivery={delivery} />,
  },
];

/** An endpoint's deliveries, newest first, each try with its HTTP status and duration. */
export function WebhookDeliveries({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  return (
    <Card className="space-y-3 p-4" role="region" aria-labelledby="deliveries-heading">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id="deliveries-heading" className="text-base font-semibold text-slate-900">
            Deliveries to {endpoint.name}
          </h3>
          <p className="text-sm break-all text-slate-700">{endpoint.url}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close the deliveries
        </Button>
      </div>
      <QueryState
        query={deliveries}
        loading="Loading the deliveries"
        isEmpty={(data) => data.deliveries.length === 0}
        empty={
          <p className="text-sm text-slate-700">
            Nothing has been posted to this endpoint yet. Send a test, or wait for a rule with a
            webhook action to run.
          </p>
        }
      >
        {(data) => (
          <DataTable
            caption={`Deliveries to ${endpoint.name}`}
            columns={columns}
            rows={data.deliveries}
            rowKey={(delivery) => delivery.id}
            minWidth="52rem"
          />
        )}
      </QueryState>
    </Card>
  );
}
