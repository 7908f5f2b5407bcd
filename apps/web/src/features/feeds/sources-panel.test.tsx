// @vitest-environment happy-dom
import type {
  CompanyFeedSourcesResponse,
  FeedSource,
} from '@complivue/shared/schemas/feed-sources';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { SourcesPanel } from './sources-panel.tsx';

const aSource = (fields: Partial<FeedSource> = {}): FeedSource => ({
  id: '5d2c1b0a-9e8f-4a7b-8c6d-1e2f3a4b5c6d',
  shared: false,
  name: 'NY DFS press releases',
  url: 'https://www.dfs.ny.gov/feed.xml',
  format: 'rss',
  agency: null,
  pollIntervalMinutes: 60,
  enabled: true,
  status: 'ok',
  lastError: null,
  consecutiveFailures: 0,
  lastPolledAt: '2026-03-02T14:00:00.000Z',
  lastSuccessAt: '2026-03-02T14:00:00.000Z',
  nextPollAt: '2026-03-02T15:00:00.000Z',
  itemCount: 4,
  createdAt: '2026-01-05T09:00:00.000Z',
  ...fields,
});

const sources = (own: FeedSource[] = []): CompanyFeedSourcesResponse => ({
  shared: [],
  own,
  canManage: true,
});

/** The list on GET; a write answers with `write`. */
const answering =
  (write: (call: ApiCall) => { status?: number; body: unknown }, own: FeedSource[] = []) =>
  (call: ApiCall) =>
    call.method === 'GET' ? { body: sources(own) } : write(call);

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

async function openAddForm() {
  const view = renderComponent(<SourcesPanel />);
  await view.user.click(await screen.findByRole('button', { name: 'Add a source' }));
  return { ...view, form: within(screen.getByRole('form', { name: 'Add a source' })) };
}

describe('Feed sources panel (an institution’s own sources)', () => {
  it('refuses an address and an interval with the schema’s words beside them, and sends nothing', async () => {
    const calls = answerApi(answering(() => ({ body: aSource() })));
    const { user, form } = await openAddForm();
    await user.type(form.getByLabelText('Name'), 'NY DFS press releases');
    await user.type(form.getByLabelText('Feed address'), 'www.dfs.ny.gov/feed.xml');
    await user.clear(form.getByLabelText('Check every (minutes)'));
    await user.type(form.getByLabelText('Check every (minutes)'), '5');
    await user.click(form.getByRole('button', { name: 'Add source' }));
    expect(
      await form.findByText(
        'Enter the full address of the feed, starting with https:// or http://.',
      ),
    ).toBeTruthy();
    expect(form.getByText('Poll every 15 to 1440 minutes.')).toBeTruthy();
    expect(form.getByLabelText('Feed address').getAttribute('aria-invalid')).toBe('true');
    expect(form.getAllByRole('alert')).toHaveLength(2);
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    answerApi(
      answering(() => ({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'Your institution already follows a source with this address.',
          },
        },
      })),
    );
    const { user, form } = await openAddForm();
    await user.type(form.getByLabelText('Name'), 'NY DFS press releases');
    await user.type(form.getByLabelText('Feed address'), 'https://www.dfs.ny.gov/feed.xml');
    await user.click(form.getByRole('button', { name: 'Add source' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'Your institution already follows a source with this address.',
    );
    expect(form.getByLabelText<HTMLInputElement>('Feed address').value).toBe(
      'https://www.dfs.ny.gov/feed.xml',
    );
  });

  it('sends the source as the request takes it: trimmed, the interval a number, no agency as null', async () => {
    const calls = answerApi(answering(() => ({ status: 201, body: aSource() })));
    const { user, form } = await openAddForm();
    await user.type(form.getByLabelText('Name'), '  NY DFS press releases ');
    await user.type(form.getByLabelText('Feed address'), 'https://WWW.dfs.ny.gov/feed.xml#latest');
    await user.selectOptions(form.getByLabelText('Format'), 'atom');
    await user.clear(form.getByLabelText('Check every (minutes)'));
    await user.type(form.getByLabelText('Check every (minutes)'), '120');
    await user.click(form.getByLabelText('Poll this source'));
    await user.click(form.getByRole('button', { name: 'Add source' }));
    await expect.poll(() => writes(calls).length).toBe(1);
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      path: '/api/feeds/sources',
      body: {
        name: 'NY DFS press releases',
        url: 'https://www.dfs.ny.gov/feed.xml',
        format: 'atom',
        agency: null,
        pollIntervalMinutes: 120,
        enabled: false,
      },
    });
  });

  it('saves an edited source with its agency', async () => {
    const source = aSource();
    const calls = answerApi(answering(() => ({ body: source }), [source]));
    const { user } = renderComponent(<SourcesPanel />);
    await user.click(await screen.findByRole('button', { name: `Edit ${source.name}` }));
    const form = within(screen.getByRole('form', { name: `Edit ${source.name}` }));
    await user.selectOptions(form.getByLabelText('Agency (optional)'), 'CFPB');
    await user.click(form.getByRole('button', { name: 'Save source' }));
    await expect.poll(() => writes(calls).length).toBe(1);
    expect(writes(calls)[0]).toEqual({
      method: 'PATCH',
      path: `/api/feeds/sources/${source.id}`,
      body: {
        name: source.name,
        url: source.url,
        format: 'rss',
        agency: 'CFPB',
        pollIntervalMinutes: 60,
        enabled: true,
      },
    });
  });

  it('says in words that a source fails and is retried; only the own source shows the reason', async () => {
    const failing = {
      status: 'failing' as const,
      consecutiveFailures: 3,
      lastSuccessAt: '2026-03-01T14:00:00.000Z',
    };
    answerApi(() => ({
      body: {
        shared: [
          aSource({
            ...failing,
            id: 'a1b2c3d4-0000-4000-8000-000000000001',
            shared: true,
            name: 'Federal Register',
            url: 'www.federalregister.gov',
          }),
        ],
        own: [
          aSource({
            ...failing,
            lastError:
              'Could not reach www.dfs.ny.gov: the host name does not resolve (ENOTFOUND).',
          }),
        ],
        canManage: true,
      } satisfies CompanyFeedSourcesResponse,
    }));
    renderComponent(<SourcesPanel />);
    const notes = await screen.findAllByText(/^Could not be read since/);
    expect(notes).toHaveLength(2);
    const shared = screen.getByText('Federal Register').closest('li')!;
    expect(shared.textContent).not.toContain('Details');
    const own = screen.getByText('NY DFS press releases').closest('li')!;
    expect(own.textContent).toContain('Details: Could not reach www.dfs.ny.gov');
  });
});
