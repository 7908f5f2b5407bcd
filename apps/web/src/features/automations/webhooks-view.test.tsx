// @vitest-environment happy-dom
import type { WebhookDelivery, WebhookEndpoint } from '@complivue/shared/schemas/automations';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { WebhooksView } from './webhooks-view.tsx';

const endpoint: WebhookEndpoint = {
  id: '5a5a5a5a-5a5a-4a5a-8a5a-5a5a5a5a5a5a',
  name: 'Core ticket queue',
  url: 'https://hooks.firstcu.org/complivue',
  enabled: true,
  secretHint: 'f00d',
  lastDelivery: null,
  createdAt: '2026-11-01T14:00:00.000Z',
};

const delivery: WebhookDelivery = {
  id: '6b6b6b6b-6b6b-4b6b-8b6b-6b6b6b6b6b6b',
  endpointId: endpoint.id,
  eventType: 'update_published',
  status: 'retrying',
  attempts: [
    { at: '2026-11-20T15:00:00.000Z', responseStatus: 503, durationMs: 412, error: 'Unavailable' },
    { at: '2026-11-20T15:01:00.000Z', responseStatus: null, durationMs: 10000, error: 'Timed out' },
  ],
  nextAttemptAt: '2026-11-20T15:06:00.000Z',
  runId: null,
  createdAt: '2026-11-20T15:00:00.000Z',
};

describe('Webhooks', () => {
  it('shows the plan’s refusal in the server’s words, with the way to upgrade, instead of the endpoints', async () => {
    answerApi(() => ({
      status: 403,
      body: {
        error: {
          code: 'feature_unavailable',
          message: 'Your current plan (Professional) doesn’t include access to this feature.',
        },
      },
    }));
    renderComponent(<WebhooksView />, { route: '/automations/webhooks' });
    expect(
      await screen.findByText(
        'Your current plan (Professional) doesn’t include access to this feature.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade the plan' }).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(screen.queryByRole('button', { name: 'Add an endpoint' })).toBeNull();
  });

  it('shows a new endpoint’s signing secret once, with a copy button and the warning', async () => {
    const calls = answerApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: { ...endpoint, secret: 'whsec_0123456789abcdef' } }
        : { body: { endpoints: [] } },
    );
    const { user } = renderComponent(<WebhooksView />, { route: '/automations/webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    await user.type(screen.getByLabelText('Name'), endpoint.name);
    await user.type(screen.getByLabelText('Address'), endpoint.url);
    await user.click(screen.getByRole('button', { name: 'Add the endpoint' }));

    const secret = await screen.findByLabelText<HTMLInputElement>('Signing secret');
    expect(secret.value).toBe('whsec_0123456789abcdef');
    expect(secret.readOnly).toBe(true);
    expect(screen.getByText(/You will not see it again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/automations/webhooks',
      body: { name: endpoint.name, url: endpoint.url, enabled: true },
    });

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('lists an endpoint’s deliveries with each attempt’s HTTP status and duration, and redelivers', async () => {
    const calls = answerApi((call) => {
      if (call.path.endsWith('/deliveries')) return { body: { deliveries: [delivery] } };
      if (call.path.endsWith('/redeliver')) return { body: { ...delivery, status: 'succeeded' } };
      return { body: { endpoints: [endpoint] } };
    });
    const { user } = renderComponent(<WebhooksView />, {
      route: `/automations/webhooks?endpoint=${endpoint.id}`,
    });
    const table = await screen.findByRole('table', { name: 'Deliveries to Core ticket queue' });
    expect(within(table).getByText('HTTP 503')).toBeTruthy();
    expect(within(table).getByText('No answer')).toBeTruthy();
    expect(within(table).getByText(/412 ms/)).toBeTruthy();
    expect(within(table).getByText(/10\.0 s/)).toBeTruthy();
    expect(within(table).getByText('Retrying')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: /^Redeliver/ }));
    await expect.poll(() => calls.some((call) => call.method === 'POST')).toBe(true);
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(
      `/api/automations/webhook-deliveries/${delivery.id}/redeliver`,
    );
    // How a receiver checks the signature is on the same page.
    expect(screen.getByRole('heading', { name: 'How to verify a webhook' })).toBeTruthy();
    expect(screen.getByText(/Complivue-Signature: t=<unix seconds>,v1=/)).toBeTruthy();
  });
});
