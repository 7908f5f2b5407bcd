// @vitest-environment happy-dom
import type { ChangeListResponse } from '@complivue/shared/schemas/changes';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { aChange, members } from './change-fixture.test-helper.ts';
import { ChangeManagementPage } from './change-management-page.tsx';

function CurrentSearch() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function answerChanges(call: ApiCall) {
  if (call.path === '/api/changes/members') return { body: { members } };
  if (call.path.startsWith('/api/changes?')) {
    const body: ChangeListResponse = {
      items: [aChange({ status: 'closed', closedAt: '2026-11-02T15:00:00.000Z' })],
      total: 1,
      page: 1,
      pageSize: 25,
    };
    return { body };
  }
  return { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in.' } } };
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/changes?')).map((call) => call.path);

describe('Change management page: the date filters analytics links with', () => {
  it('applies a closed range from the address, shows it as a chip, and removes it alone', async () => {
    const calls = answerApi(answerChanges);
    const { user } = renderComponent(
      <>
        <ChangeManagementPage />
        <CurrentSearch />
      </>,
      // The area by its tag, as a link may write it: the list filters by the area all the same.
      { route: '/change-management?view=list&closedFrom=2026-10-01&closedTo=2026-12-31&area=TRID' },
    );
    expect(await screen.findByText('Escrow cushion limits')).toBeTruthy();
    expect(listCalls(calls)).toEqual([
      '/api/changes?area=trid&closedFrom=2026-10-01&closedTo=2026-12-31&page=1',
    ]);
    const chips = within(screen.getByRole('list', { name: 'Date filters' }));
    expect(chips.getByText('Closed Oct 1, 2026 – Dec 31, 2026')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Area' })).toHaveProperty('value', 'trid');
    // The CSV exports exactly what is listed.
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      'closedFrom=2026-10-01&closedTo=2026-12-31',
    );

    const remove = chips.getByRole('button', {
      name: 'Remove the filter: Closed Oct 1, 2026 – Dec 31, 2026',
    });
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Date filters' })).toBeNull());
    const search = new URLSearchParams(
      screen.getByRole('status', { name: 'Address' }).textContent!,
    );
    expect(Object.fromEntries(search)).toEqual({ area: 'trid', view: 'list' });
    await waitFor(() => expect(listCalls(calls).at(-1)).toBe('/api/changes?area=trid&page=1'));
  });

  it('writes an open-ended opened range in words, beside the other filters', async () => {
    const calls = answerApi(answerChanges);
    const { user } = renderComponent(<ChangeManagementPage />, {
      route: '/change-management?view=list&openedFrom=2026-10-01',
    });
    expect(await screen.findByText('Opened from Oct 1, 2026')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Risk' }), 'high');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toBe('/api/changes?risk=high&openedFrom=2026-10-01&page=1'),
    );
    expect(screen.getByText('Opened from Oct 1, 2026')).toBeTruthy();
  });
});
