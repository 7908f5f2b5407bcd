// @vitest-environment happy-dom
import { AUTOMATION_MESSAGES, AUTOMATION_TEMPLATES } from '@complivue/shared/automations';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, renderComponent, type ApiCall } from '../../../test/render.tsx';
import { members } from './automation-fixture.test-helper.ts';
import { blankRule, ruleFromTemplate, type RuleFormValues } from './rule-catalogue.ts';
import { RuleForm } from './rule-form.tsx';

function renderEditor(
  initial: RuleFormValues,
  answer: (call: ApiCall) => { status?: number; body: unknown } = () => ({ body: {} }),
) {
  const calls = answerApi((call) =>
    call.path === '/api/automations/members' ? { body: { members } } : answer(call),
  );
  const onSaved = vi.fn();
  const view = renderComponent(
    <RuleForm initial={initial} cancelTo="/automations" onSaved={onSaved} />,
  );
  return { ...view, calls, onSaved };
}

const condition = (index: number) =>
  within(screen.getByRole('group', { name: `Condition ${index}` }));
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Condition editor', () => {
  it('offers only the comparisons that apply to the field’s kind, and a value control to match', async () => {
    const { user } = renderEditor(blankRule());
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    const row = condition(1);
    // The trigger's first field: the update's regulation areas, several values of a list.
    expect(row.getByLabelText<HTMLSelectElement>('Field').value).toBe('areas');
    expect(optionsOf(row.getByLabelText('Comparison'))).toEqual(['includes', 'does not include']);

    await user.selectOptions(row.getByLabelText('Field'), 'Title');
    expect(optionsOf(row.getByLabelText('Comparison'))).toEqual(['contains']);
    expect(row.getByLabelText('Value').tagName).toBe('INPUT');

    await user.selectOptions(row.getByLabelText('Field'), 'Matches the watchlist');
    expect(optionsOf(row.getByLabelText('Comparison'))).toEqual(['is']);
    expect(optionsOf(row.getByLabelText('Value'))).toEqual(['Yes', 'No']);

    await user.selectOptions(row.getByLabelText('Field'), 'Document type');
    expect(optionsOf(row.getByLabelText('Comparison'))).toEqual([
      'is',
      'is not',
      'is not set',
      'is set',
    ]);
    // No value is chosen for the reader: the list starts on "Choose a value".
    expect(row.getByLabelText<HTMLSelectElement>('Value').value).toBe('');
    await user.selectOptions(row.getByLabelText('Comparison'), 'is set');
    expect(row.queryByLabelText('Value')).toBeNull();
  });

  it('clears the conditions a new trigger’s events cannot answer, and says so', async () => {
    const template = AUTOMATION_TEMPLATES.find((each) => each.key === 'final_rule_opens_change')!;
    const initial = ruleFromTemplate(template);
    initial.conditions = [
      ...(initial.conditions ?? []),
      { field: 'areas', operator: 'includes', value: 'hmda' },
    ];
    const { user } = renderEditor(initial);
    expect(screen.getAllByRole('group', { name: /^Condition \d$/ })).toHaveLength(4);

    await user.selectOptions(screen.getByLabelText('Trigger'), 'A change passes its due date');
    // Agency, document type and watchlist are an update's; regulation areas are a change's too.
    const rows = screen.getAllByRole('group', { name: /^Condition \d$/ });
    expect(rows).toHaveLength(1);
    expect(condition(1).getByLabelText<HTMLSelectElement>('Field').value).toBe('areas');
    expect(condition(1).getByLabelText<HTMLSelectElement>('Value').value).toBe('hmda');
    expect(
      screen.getByText(
        '3 conditions were removed: they do not apply to the events of “A change passes its due date”.',
      ),
    ).toBeTruthy();
  });

  it('refuses a condition without its value in the API’s words, and sends nothing', async () => {
    const { user, calls } = renderEditor({
      ...blankRule(),
      name: 'Watchlist updates',
      actions: [{ type: 'create_change', ownerId: null }],
    });
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    await user.click(screen.getByRole('button', { name: 'Save the rule' }));
    expect((await condition(1).findByRole('alert')).textContent).toBe(
      AUTOMATION_MESSAGES.value_required,
    );
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('saves the rule as written, a member never chosen for the administrator', async () => {
    const { user, calls, onSaved } = renderEditor(
      { ...blankRule(), name: 'HMDA updates' },
      (call) =>
        call.method === 'POST'
          ? { status: 201, body: { id: '0b6f4c1e-2d5a-4a8e-9c1f-7d3e2a1b4c5d' } }
          : { body: {} },
    );
    await user.click(screen.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(condition(1).getByLabelText('Value'), 'HMDA');
    await user.selectOptions(screen.getByLabelText('Add an action'), 'Open a regulatory change');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Owner of the change').value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save the rule' }));
    await expect.poll(() => onSaved.mock.calls).toEqual([['0b6f4c1e-2d5a-4a8e-9c1f-7d3e2a1b4c5d']]);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/automations/rules',
      body: {
        name: 'HMDA updates',
        description: '',
        trigger: { type: 'update_published', daysBefore: null, cron: null },
        conditions: [{ field: 'areas', operator: 'includes', value: 'hmda' }],
        actions: [{ type: 'create_change', ownerId: null }],
        enabled: true,
        templateKey: null,
      },
    });
  });
});
