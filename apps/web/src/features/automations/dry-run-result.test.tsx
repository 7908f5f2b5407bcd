// @vitest-environment happy-dom
import { AUTOMATION_TEMPLATES } from '@complivue/shared/automations';
import type { DryRunResult } from '@complivue/shared/schemas/automations';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { members } from './automation-fixture.test-helper.ts';
import { DryRunResultView } from './dry-run-result.tsx';
import { ruleFromTemplate } from './rule-catalogue.ts';
import { RuleForm } from './rule-form.tsx';

const result: DryRunResult = {
  from: '2026-10-23T04:00:00.000Z',
  to: '2026-11-22T05:00:00.000Z',
  eventsConsidered: 3,
  matched: 1,
  events: [
    {
      event: {
        id: 'event-1',
        trigger: 'update_published',
        occurredAt: '2026-11-20T15:00:00.000Z',
        summary: 'Final rule: Amendments to Regulation Z (TRID)',
        subjectType: 'feed_item',
        subjectId: 'item-1',
        link: '/regulatory-feeds?item=item-1',
        fields: {},
      },
      conditions: [
        {
          field: 'agencies',
          operator: 'includes',
          value: 'CFPB',
          met: true,
          sentence: 'Agency includes CFPB: yes (CFPB)',
        },
      ],
      met: true,
      actions: [
        {
          type: 'create_change',
          wouldDo: 'Would open a change titled “Amendments to Regulation Z”',
        },
      ],
    },
    {
      event: {
        id: 'event-2',
        trigger: 'update_published',
        occurredAt: '2026-11-18T15:00:00.000Z',
        summary: 'Guidance: Flood insurance Q&A',
        subjectType: 'feed_item',
        subjectId: null,
        link: null,
        fields: {},
      },
      conditions: [
        {
          field: 'agencies',
          operator: 'includes',
          value: 'CFPB',
          met: false,
          sentence: 'Agency includes CFPB: no (FEMA)',
        },
      ],
      met: false,
      actions: [{ type: 'create_change', wouldDo: 'Would open a change titled “Flood”' }],
    },
  ],
};

describe('Dry run result', () => {
  it('says first that nothing was done, then how many events would have run the rule', () => {
    renderComponent(<DryRunResultView result={result} />);
    expect(screen.getByText('Nothing was done.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /^1 of 3 events from the last 30 days would have run it/,
    );
    expect(screen.getByText('2 of them are shown (at most 50).')).toBeTruthy();
  });

  it('shows each event linked to its record, its conditions met or not in words, and what would have been done', () => {
    renderComponent(<DryRunResultView result={result} />);
    const ran = within(
      screen.getByRole('article', { name: 'Final rule: Amendments to Regulation Z (TRID)' }),
    );
    expect(
      ran
        .getByRole('link', { name: 'Final rule: Amendments to Regulation Z (TRID)' })
        .getAttribute('href'),
    ).toBe('/regulatory-feeds?item=item-1');
    expect(ran.getByText('Would have run')).toBeTruthy();
    expect(ran.getByText('Agency includes CFPB: yes (CFPB)').previousSibling?.textContent).toBe(
      'Yes',
    );
    expect(ran.getByText('Would open a change titled “Amendments to Regulation Z”')).toBeTruthy();

    const skipped = within(screen.getByRole('article', { name: 'Guidance: Flood insurance Q&A' }));
    expect(skipped.queryByRole('link')).toBeNull();
    expect(skipped.getByText('Would not have run')).toBeTruthy();
    expect(skipped.getByText('Agency includes CFPB: no (FEMA)').previousSibling?.textContent).toBe(
      'No',
    );
    // An event that would not have run does not list actions.
    expect(skipped.queryByText('Would open a change titled “Flood”')).toBeNull();
  });

  it('tries the rule as written, unsaved, from the editor', async () => {
    const calls = answerApi((call) =>
      call.path === '/api/automations/members' ? { body: { members } } : { body: result },
    );
    const template = AUTOMATION_TEMPLATES.find((each) => each.key === 'final_rule_opens_change')!;
    const { user } = renderComponent(
      <RuleForm
        initial={ruleFromTemplate(template)}
        cancelTo="/automations"
        onSaved={() => undefined}
      />,
    );
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'CFPB final rules');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('Nothing was done.')).toBeTruthy();
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: '/api/automations/dry-run',
      body: {
        name: 'CFPB final rules',
        trigger: { type: 'update_published' },
        conditions: [
          { field: 'agencies', operator: 'includes', value: 'CFPB' },
          { field: 'documentType', operator: 'is', value: 'final_rule' },
          { field: 'watchlistMatch', operator: 'is', value: true },
        ],
      },
    });
    // What a dry run sends is the definition alone: not whether to turn it on, nor a template.
    expect(Object.keys(sent[0]!.body as object).sort()).toEqual([
      'actions',
      'conditions',
      'description',
      'name',
      'trigger',
    ]);
    // Editing the rule again puts the result away: it spoke of the rule as it was.
    await user.type(screen.getByLabelText('Name'), '!');
    expect(screen.queryByText('Nothing was done.')).toBeNull();
  });
});
