import { AUTOMATION_LIMITS } from '@complivue/shared/automations';
import type { WebhookEndpoint } from '@complivue/shared/schemas/automations';
import { KeyRound, Plus, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ShownOnceField } from '@/components/copy-button';
import { DataTable, type Column } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { paths } from '@/config/paths';
import { userFacingMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-day';
import {
  isPlanRefusal,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useTestWebhookEndpoint,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from './api.ts';
import { RuleStateLabel, DeliveryStatusToken, formatDuration } from './run-status.tsx';
import { TabSection } from './tab-section.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';

/** The plan's refusal in the server's words, with the way to a plan that has webhooks. */
export function WebhooksNeedEnterprise({ message }: { message: string }) {
  return (
    <Card className="space-y-2 p-4" role="region" aria-labelledby="webhooks-plan-heading">
      <h3 id="webhooks-plan-heading" className="text-base font-semibold text-slate-900">
        Webhooks need the Enterprise plan
      </h3>
      <p className="text-sm text-slate-700">{message}</p>
      <Link to={paths.subscription} className="text-sm font-medium text-brand-700 underline">
        Upgrade the plan
      </Link>
    </Card>
  );
}

/** The signing secret, this once: copy it now, it is never shown again. */
function SecretPanel({
  endpoint,
  secret,
  onDone,
}: {
  endpoint: WebhookEndpoint;
  secret: string;
  onDone: () => void;
}) {
  return (
    <div
      role="region"
      aria-labelledby="secret-heading"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="secret-heading" className="font-semibold text-amber-950">
        The signing secret of {endpoint.name}
      </h3>
      <ShownOnceField
        label="Signing secret"
        hint="You will not see it again: copy it now into the system that receives the webhooks, which uses it to check that each post comes from Complivue. If it is lost or leaks, rotate it."
        value={secret}
        copied="The signing secret has been copied."
      />
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

/** How a receiver checks a post's signature (the header's format and a Node.js example). */
export function VerifySignature() {
  return (
    <section aria-labelledby="verify-heading" className="space-y-2 text-sm text-slate-800">
      <h3 id="verify-heading" className="text-base font-semibold text-slate-900">
        How to verify a webhook
      </h3>
      <p>
        Each post carries a header with the time it was signed and the signature of the time and the
        body, made with the endpoint’s signing secret:
      </p>
      <pre
        className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-50"
        tabIndex={0}
      >
        <code>
          {'Complivue-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>'}
        </code>
      </pre>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Read <code>t</code> and <code>v1</code> from the header.
        </li>
        <li>
          Compute HMAC-SHA256, keyed with the endpoint’s whole secret (<code>whsec_</code>{' '}
          included), over <code>t</code>, a full stop and the raw body exactly as received (before
          any JSON parsing), written in hexadecimal.
        </li>
        <li>
          Compare it with <code>v1</code> in constant time, and refuse a <code>t</code> more than
          five minutes away from your clock, so an old post cannot be replayed.
        </li>
      </ol>
      <pre
        className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-50"
        tabIndex={0}
      >
        <code>{`import { createHmac, timingSafeEqual } from 'node:crypto';

function isFromComplivue(secret, rawBody, header, now = Date.now()) {
  let t = null;
  const signatures = [];
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\\d+$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (t === null || Math.abs(Math.floor(now / 1000) - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return signatures.some((v1) => timingSafeEqual(Buffer.from(v1, 'hex'), expected));
}`}</code>
      </pre>
    </section>
  );
}

function EndpointActions({
  endpoint,
  onEdit,
  onSecret,
  onDeliveries,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onSecret: (secret: string) => void;
  onDeliveries: () => void;
}) {
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const failed = (fallback: string) => (caught: unknown) =>
    toast.error(userFacingMessage(caught, fallback));
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={onDeliveries}>
        Deliveries<span className="sr-only"> to {endpoint.name}</span>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={test.isPending}
        onClick={() =>
          test.mutate(endpoint.id, {
            onSuccess: (delivery) => {
              const last = delivery.attempts.at(-1);
              const answer = last
                ? `${last.responseStatus === null ? 'no answer' : `HTTP ${last.responseStatus}`} in ${formatDuration(last.durationMs)}`
                : 'not tried yet';
              if (delivery.status === 'succeeded') toast.success(`Test delivered: ${answer}.`);
              else toast.error(`The test was not delivered: ${answer}.`);
              onDeliveries();
            },
            onError: failed('The test could not be sent.'),
          })
        }
      >
        <Send aria-hidden="true" className="size-4" />
        {test.isPending ? 'Sending…' : 'Send a test'}
        <span className="sr-only"> to {endpoint.name}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={onEdit}>
        Edit<span className="sr-only"> {endpoint.name}</span>
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="sm" disabled={rotate.isPending}>
            <KeyRound aria-hidden="true" className="size-4" />
            Rotate secret<span className="sr-only"> of {endpoint.name}</span>
          </Button>
        }
        title={`Rotate the signing secret of ${endpoint.name}?`}
        description="A new secret is made and shown once. The old one stops working at once: posts signed with the new one will fail the receiver’s check until it has the new secret."
        confirmLabel="Rotate the secret"
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (rotated) => onSecret(rotated.secret),
            onError: failed('The secret could not be rotated.'),
          })
        }
      />
      <ConfirmDialog
        trigger={
          <Button variant="secondary" size="sm" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> {endpoint.name}</span>
          </Button>
        }
        title={`Delete ${endpoint.name}?`}
        description="Rules whose actions post to it will fail those actions until they are edited to use another endpoint. Its delivery history goes with it."
        confirmLabel="Delete the endpoint"
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => toast.success(`${endpoint.name} is deleted.`),
            onError: failed('The endpoint could not be deleted.'),
          })
        }
      />
    </div>
  );
}

/** `/automations/webhooks`: the endpoints rules post to, their deliveries and how to verify. */
export function WebhooksView() {
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpoint; secret: string } | null>(null);
  const openEndpoint = params.get('endpoint');
  const showDeliveries = (endpointId: string | null) =>
    setParams(endpointId ? { endpoint: endpointId } : {}, { replace: true });

  if (endpoints.isError && isPlanRefusal(endpoints.error)) {
    return (
      <TabSection id="webhooks-heading" title="Webhooks">
        <WebhooksNeedEnterprise message={endpoints.error.message} />
      </TabSection>
    );
  }

  const columns: Column<WebhookEndpoint>[] = [
    {
      header: 'Endpoint',
      cell: (endpoint) => (
        <>
          <span className="block font-medium text-slate-900">{endpoint.name}</span>
          <span className="block text-xs break-all text-slate-700">{endpoint.url}</span>
        </>
      ),
    },
    { header: 'State', cell: (endpoint) => <RuleStateLabel enabled={endpoint.enabled} /> },
    {
      header: 'Secret',
      cell: (endpoint) => (
        <span className="font-mono text-xs whitespace-nowrap">
          <span className="sr-only">ends in </span>…{endpoint.secretHint}
        </span>
      ),
    },
    {
      header: 'Last delivery',
      cell: (endpoint) =>
        endpoint.lastDelivery ? (
          <span className="flex flex-col items-start gap-1">
            <DeliveryStatusToken status={endpoint.lastDelivery.status} />
            <span className="text-xs text-slate-700">
              {endpoint.lastDelivery.responseStatus === null
                ? 'No answer'
                : `HTTP ${endpoint.lastDelivery.responseStatus}`}{' '}
              · {formatDateTime(endpoint.lastDelivery.at)}
            </span>
          </span>
        ) : (
          <span className="text-xs text-slate-700">None yet</span>
        ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (endpoint) => (
        <EndpointActions
          endpoint={endpoint}
          onEdit={() => setEditing(endpoint)}
          onSecret={(value) => setSecret({ endpoint, secret: value })}
          onDeliveries={() => showDeliveries(endpoint.id)}
        />
      ),
    },
  ];

  return (
    <TabSection
      id="webhooks-heading"
      title="Webhooks"
      intro={`Addresses of your own systems (a core banking queue, a ticketing tool) that a rule’s “Post to a webhook” action sends its event to, signed so they can check it came from Complivue. Up to ${AUTOMATION_LIMITS.webhookEndpoints} endpoints.`}
      action={
        !adding && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add an endpoint
          </Button>
        )
      }
    >
      {adding && (
        <Card className="space-y-3 p-4">
          <h3 className="text-base font-semibold text-slate-900">Add an endpoint</h3>
          <WebhookEndpointForm
            initial={{ name: '', url: '', enabled: true }}
            submitLabel="Add the endpoint"
            pendingLabel="Adding…"
            onSubmit={async (values) => {
              const created = await create.mutateAsync(values);
              setAdding(false);
              setSecret({ endpoint: created, secret: created.secret });
            }}
          />
          <Button variant="ghost" size="sm" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </Card>
      )}
      {secret && (
        <SecretPanel
          endpoint={secret.endpoint}
          secret={secret.secret}
          onDone={() => setSecret(null)}
        />
      )}
      <QueryState
        query={endpoints}
        loading="Loading the webhook endpoints"
        isEmpty={(data) => data.endpoints.length === 0}
        empty={
          adding ? undefined : (
            <Card className="p-6 text-sm text-slate-700">
              No endpoint yet. Add one to let rules post their events to your own systems.
            </Card>
          )
        }
      >
        {(data) => {
          const deliveriesOf = data.endpoints.find((endpoint) => endpoint.id === openEndpoint);
          return (
            <div className="space-y-4">
              {data.endpoints.length > 0 && (
                <DataTable
                  caption="Webhook endpoints"
                  columns={columns}
                  rows={data.endpoints}
                  rowKey={(endpoint) => endpoint.id}
                  minWidth="56rem"
                />
              )}
              {deliveriesOf && (
                <WebhookDeliveries endpoint={deliveriesOf} onClose={() => showDeliveries(null)} />
              )}
            </div>
          );
        }}
      </QueryState>
      <ModalDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${editing.name}` : 'Edit the endpoint'}
      >
        {editing && (
          <WebhookEndpointForm
            initial={{ name: editing.name, url: editing.url, enabled: editing.enabled }}
            submitLabel="Save the endpoint"
            pendingLabel="Saving…"
            onSubmit={async (values) => {
              await update.mutateAsync({ endpointId: editing.id, ...values });
              setEditing(null);
              toast.success(`${values.name} is saved.`);
            }}
          />
        )}
      </ModalDialog>
      <Card className="p-4">
        <VerifySignature />
      </Card>
    </TabSection>
  );
}
