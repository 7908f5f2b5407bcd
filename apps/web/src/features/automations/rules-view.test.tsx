// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { aRule } from './automation-fixture.test-helper.ts';
import { RulesView } from './rules-view.tsx';

const quiet = aRule({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Alpha: weekly review',
  runs30d: 4,
});
const failingMost = aRule({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Beta: missed deadline email',
  runs30d: 6,
  failed30d: 3,
  lastRun: {
    id: '44444444-4444-4444-8444-444444444444',
    status: 'failed',
    startedAt: '2026-11-20T13:00:00.000Z',
  },
});
const failingOnce = aRule({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Gamma: high risk alert',
  enabled: false,
  runs30d: 2,
  failed30d: 1,
});

function renderRules(route = '/automations') {
  answerApi(() => ({ body: { rules: [quiet, failingMost, failingOnce] } }));
  return renderComponent(<RulesView />, { route });
}

/** The rule names in the table's order (each row's header). */
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('Rules table', () => {
  it('opens with the rules whose runs failed, most failures first, and says so', async () => {
    renderRules();
    await screen.findByRole('table', { name: 'Automation rules, those with failed runs first' });
    expect(rowNames()).toEqual([failingMost.name, failingOnce.name, quiet.name]);

    const note = screen.getByRole('alert');
    expect(note.textContent).toContain('2 rules had failed runs in the last 30 days');
    expect(within(note).getByRole('link', { name: '3 failed runs' }).getAttribute('href')).toMatch(
      /^\/automations\/runs\?ruleId=22222222-2222-4222-8222-222222222222&status=failed&from=\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('makes every number a link to the runs it counts, and shows status in words', async () => {
    renderRules();
    const table = await screen.findByRole('table');
    const failures = within(table).getByRole('link', {
      name: `3 failed runs of ${failingMost.name} in the last 30 days`,
    });
    expect(failures.getAttribute('href')).toContain(`ruleId=${failingMost.id}&status=failed`);
    const runs = within(table).getByRole('link', {
      name: `4 runs of ${quiet.name} in the last 30 days`,
    });
    expect(runs.getAttribute('href')).toMatch(new RegExp(`ruleId=${quiet.id}&from=`));
    // The last run: its status as a word, its date a link to the run.
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(
      within(table)
        .getByRole('link', { name: new RegExp(`open this run of ${failingMost.name}`) })
        .getAttribute('href'),
    ).toBe('/automations/runs/44444444-4444-4444-8444-444444444444');
    // On or paused: a switch with the word, not a colour.
    const paused = within(table).getByRole('switch', { name: `Run ${failingOnce.name}: Paused` });
    expect(paused.getAttribute('aria-checked')).toBe('false');
  });

  it('sorts by name when asked, and back to what needs action', async () => {
    const { user } = renderRules();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Rule' }));
    expect(rowNames()).toEqual([quiet.name, failingMost.name, failingOnce.name]);
    await user.click(screen.getByRole('button', { name: 'Rule' }));
    expect(rowNames()).toEqual([failingMost.name, failingOnce.name, quiet.name]);
  });

  it('pauses a rule through the API', async () => {
    const calls = answerApi((call) =>
      call.method === 'GET' ? { body: { rules: [quiet] } } : { status: 204, body: null },
    );
    const { user } = renderComponent(<RulesView />);
    await user.click(await screen.findByRole('switch', { name: `Run ${quiet.name}: On` }));
    await expect
      .poll(() => calls.find((call) => call.method === 'POST'))
      .toEqual({
        method: 'POST',
        path: `/api/automations/rules/${quiet.id}/enabled`,
        body: { enabled: false },
      });
  });
});
