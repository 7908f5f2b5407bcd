import { describe, expect, it } from 'vitest';
import { AUTOMATION_TEMPLATES } from './automations.ts';
import { ruleSentence } from './automation-sentences.ts';
import { ruleDefinitionSchema } from './schemas/automations.ts';

describe('rule sentences', () => {
  it('reads a rule as one sentence with labels and names', () => {
    expect(
      ruleSentence(
        {
          trigger: { type: 'deadline_approaching', daysBefore: 30 },
          conditions: [{ field: 'area', operator: 'is', value: 'hmda' }],
          actions: [
            { type: 'create_task', title: 'Prepare', assignToOwner: true, dueInDays: 14 },
            { type: 'notify', recipients: { userIds: ['u1'], roles: ['admin'], owner: false } },
          ],
        },
        (id) => (id === 'u1' ? 'Dana Reyes' : undefined),
      ),
    ).toBe(
      'When a calendar deadline is 30 days away, if Regulation area is HMDA, then create the task “Prepare” for the record’s owner, due in 14 days, then notify every administrator, Dana Reyes.',
    );
  });

  it('offers only templates that are valid rules', () => {
    for (const template of AUTOMATION_TEMPLATES) {
      const parsed = ruleDefinitionSchema.safeParse({ ...template, description: '' });
      expect(parsed.success, template.key).toBe(true);
    }
  });
});
