import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '@complivue/shared/csv-cells';
import { activityCsvStream } from './activity-csv.ts';

describe('the activity CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil")')).toBe(`'=HYPERLINK("http://evil")`);
    expect(neutraliseFormula('+1')).toBe(`'+1`);
    expect(neutraliseFormula('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutraliseFormula('Signed in')).toBe('Signed in');
  });

  it('streams a header and one quoted row per entry', async () => {
    async function* entries() {
      yield {
        id: 1,
        action: 'role.changed',
        actionLabel: 'Changed a role',
        actor: { userId: 'u1', fullName: 'Reyes, Dana', email: 'dana@firstcu.org' },
        targetType: 'user',
        targetId: 'u2',
        targetLabel: 'Sam Rivera',
        before: { role: 'user' },
        after: { role: 'manager' },
        ipAddress: '10.0.0.1',
        createdAt: '2026-11-22T12:00:00.000Z',
      };
    }
    let text = '';
    for await (const chunk of activityCsvStream(entries())) text += String(chunk);
    const [header, row] = text.trim().split('\n');
    expect(header).toBe(
      'Time (UTC),Member,Member email,Action,Action code,What happened,Target type,Target,Target name,Before,After,IP address',
    );
    expect(row).toBe(
      '2026-11-22T12:00:00.000Z,"Reyes, Dana",dana@firstcu.org,Changed a role,role.changed,"Reyes, Dana changed the role of Sam Rivera from User to Manager",user,u2,Sam Rivera,"{""role"":""user""}","{""role"":""manager""}",10.0.0.1',
    );
  });
});
