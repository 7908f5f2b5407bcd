import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-sentences.ts';
import { describeChangeHistory } from './change-history-sentences.ts';
import {
  linkifyText,
  readableLinkTitle,
  sentenceText,
  type HistorySentence,
} from './history-sentences.ts';
import type { ActivityEntry } from './schemas/activity.ts';

const FR_LINK =
  'https://www.federalregister.gov/documents/2026/01/15/2026-01234/truth-in-lending-act-regulation-z';

const members: Record<string, string> = { 'user-sam': 'Sam Rivera', 'user-jordan': 'Jordan Lee' };
const memberName = (userId: string) => members[userId];

function entry(fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'action'>) {
  return {
    actor: { userId: 'user-alex', fullName: 'Alex Morgan', email: 'admin@demo-cu.example' },
    targetType: null,
    targetId: null,
    targetLabel: null,
    before: null,
    after: null,
    ...fields,
  };
}

const text = (sentence: HistorySentence) => sentenceText(sentence);

/** What a reader must never see: internal keys, placeholders, ISO days, raw addresses. */
function expectReadable(sentence: HistorySentence) {
  const all = [text(sentence), ...sentence.quotes.map((quote) => quote.text)].join(' ');
  expect(all).not.toMatch(/demo: true|\{|\}|undefined|null|\d{4}-\d{2}-\d{2}(?!\d)|https?:/);
}

describe('User Activity as sentences', () => {
  it('names the member whose role changed, and the roles in words', () => {
    const sentence = describeActivity(
      entry({
        action: 'role.changed',
        targetType: 'user',
        targetId: 'user-sam',
        targetLabel: 'Sam Rivera',
        before: { role: 'user' },
        after: { role: 'manager' },
      }),
    );
    expect(text(sentence)).toBe('Alex Morgan changed the role of Sam Rivera from User to Manager');
    expectReadable(sentence);
  });

  it('links a change by its number and title, without repeating what the target says', () => {
    const sentence = describeActivity(
      entry({
        action: 'change.created',
        targetType: 'change',
        targetId: 'change-1',
        targetLabel: 'CHG-1 “Escrow rule”',
        after: { number: 1, title: 'Escrow rule', source: 'feed' },
      }),
      { targetPath: (type, id) => (type === 'change' ? `/change-management?change=${id}` : null) },
    );
    expect(text(sentence)).toBe(
      'Alex Morgan created change CHG-1 “Escrow rule” (Source: Feed item)',
    );
    expect(sentence.predicate).toContainEqual({
      text: 'CHG-1 “Escrow rule”',
      href: '/change-management?change=change-1',
      external: false,
    });
  });

  it('writes an edit as field moves with labels and one date format', () => {
    const sentence = describeActivity(
      entry({
        action: 'change.updated',
        targetType: 'change',
        targetId: 'change-1',
        targetLabel: 'CHG-1 “Escrow rule”',
        before: { dueDate: null, riskRating: 'low', summary: '' },
        after: { dueDate: '2027-01-01', riskRating: 'high', summary: 'Escrow accounts for HPMLs.' },
      }),
    );
    expect(text(sentence)).toBe(
      'Alex Morgan edited change CHG-1 “Escrow rule”: set Due date to Jan 1, 2027, changed Risk from Low to High and wrote Summary',
    );
    expect(sentence.quotes).toEqual([{ label: 'Summary', text: 'Escrow accounts for HPMLs.' }]);
    expectReadable(sentence);
  });

  it('says how a member signed in, and names the address of a failed attempt', () => {
    expect(
      text(describeActivity(entry({ action: 'auth.sign_in', after: { method: 'totp' } }))),
    ).toBe('Alex Morgan signed in with a password and a two-factor code');
    expect(
      text(
        describeActivity(
          entry({
            action: 'auth.sign_in_failed',
            actor: null,
            targetType: 'email',
            targetId: 'jo@firstcu.org',
          }),
        ),
      ),
    ).toBe('jo@firstcu.org failed to sign in');
  });

  it('never shows internal keys such as the demo marker or record ids', () => {
    const sentence = describeActivity(
      entry({
        action: 'billing.plan_activated',
        after: { plan: 'professional', billing: 'annual', demo: true, checkoutId: 'c-1' },
      }),
    );
    expect(text(sentence)).toBe('Alex Morgan activated the Professional plan (Billing: Annual)');
    expectReadable(sentence);
  });

  it('names members behind ids, and a renamed event by its old title with the new as a move', () => {
    const sentence = describeActivity(
      entry({
        action: 'calendar.event_updated',
        targetType: 'calendar_event',
        targetId: 'event-1',
        before: { title: 'HMDA LAR review', startsOn: '2026-01-01', ownerId: 'user-sam' },
        after: { title: 'HMDA LAR final review', startsOn: '2026-02-01', ownerId: 'user-gone' },
      }),
      { memberName },
    );
    expect(text(sentence)).toBe(
      'Alex Morgan changed calendar event “HMDA LAR review”: changed Title from HMDA LAR review to HMDA LAR final review, changed First date from Jan 1, 2026 to Feb 1, 2026 and changed Owner from Sam Rivera to a former member',
    );
    expectReadable(sentence);
  });

  it('shows evidence links under a readable title and quotes the evidence note', () => {
    const sentence = describeActivity(
      entry({
        action: 'calendar.occurrence_completed',
        targetType: 'calendar_event',
        targetId: 'event-1',
        after: {
          date: '2026-03-01',
          title: 'HMDA LAR submission',
          evidenceNote: 'Submitted through the HMDA Platform; confirmation attached.',
          evidenceUrl: FR_LINK,
          file: null,
        },
      }),
    );
    expect(text(sentence)).toBe(
      'Alex Morgan marked “HMDA LAR submission” done for Mar 1, 2026 (Evidence link: Federal Register document 2026-01234)',
    );
    expect(sentence.predicate).toContainEqual({
      text: 'Federal Register document 2026-01234',
      href: FR_LINK,
      external: true,
    });
    expect(sentence.quotes).toEqual([
      {
        label: 'Evidence note',
        text: 'Submitted through the HMDA Platform; confirmation attached.',
      },
    ]);
    expectReadable(sentence);
  });

  it('names nested settings by their parts and leaves unchanged ones out', () => {
    const defaults = (email: boolean) => ({
      categories: { deadlines: { in_app: true, email } },
      email_digest: 'weekly',
    });
    const sentence = describeActivity(
      entry({
        action: 'company.notification_defaults_updated',
        before: defaults(true),
        after: defaults(false),
      }),
    );
    expect(text(sentence)).toBe(
      'Alex Morgan changed the notification defaults: changed Deadlines by email from Yes to No',
    );
  });

  it('names a deleted risk by what the entry kept of it, and a risk edit by its fields', () => {
    expect(
      text(
        describeActivity(
          entry({
            action: 'risk.deleted',
            targetType: 'risk',
            targetId: 'risk-1',
            before: { number: 4, title: 'Flood insurance lapses', area: 'flood' },
          }),
        ),
      ),
    ).toBe('Alex Morgan deleted risk RSK-4 “Flood insurance lapses” (Area: Flood)');
    expect(
      text(
        describeActivity(
          entry({
            action: 'risk.updated',
            targetType: 'risk',
            targetId: 'risk-1',
            targetLabel: 'RSK-4 “Flood insurance lapses”',
            before: { inherentLikelihood: null, status: 'open' },
            after: { inherentLikelihood: 4, status: 'accepted' },
          }),
        ),
      ),
    ).toBe(
      'Alex Morgan edited risk RSK-4 “Flood insurance lapses”: set Inherent likelihood to 4 Likely and changed Status from Open to Accepted',
    );
  });

  it('falls back to the action label for an action it has no sentence for', () => {
    expect(text(describeActivity(entry({ action: 'something.new', after: { count: 3 } })))).toBe(
      'Alex Morgan something.new (Count: 3)',
    );
  });
});

describe('a change history as sentences', () => {
  const feedItem = { title: 'Escrow requirements under TILA', link: FR_LINK };

  it('opens with who created the change from which publication, and what they set', () => {
    const sentence = describeChangeHistory(
      {
        event: 'created',
        changedByName: 'Dana Lee',
        changes: {
          title: { from: null, to: 'Escrow rule' },
          source: { from: null, to: 'feed' },
          status: { from: null, to: 'identified' },
          feedItem: { from: null, to: FR_LINK },
          areas: { from: null, to: ['trid', 'hmda'] },
          effectiveDate: { from: null, to: '2026-01-01' },
          owner: { from: null, to: 'Sam Rivera' },
          summary: { from: null, to: 'Escrow for higher-priced loans.' },
        },
      },
      { feedItem },
    );
    expect(text(sentence)).toBe(
      'Dana Lee created the change “Escrow rule” from Escrow requirements under TILA and set Areas to TRID and HMDA, Effective date to Jan 1, 2026 and Owner to Sam Rivera',
    );
    expect(sentence.predicate).toContainEqual({
      text: 'Escrow requirements under TILA',
      href: FR_LINK,
      external: true,
    });
    expect(sentence.quotes).toEqual([
      { label: 'Summary', text: 'Escrow for higher-priced loans.' },
    ]);
    expectReadable(sentence);

    // Without the item at hand, the address still reads as a document.
    const alone = describeChangeHistory({
      event: 'created',
      changedByName: 'Dana Lee',
      changes: { title: { from: null, to: 'Escrow rule' }, feedItem: { from: null, to: FR_LINK } },
    });
    expect(text(alone)).toBe(
      'Dana Lee created the change “Escrow rule” from Federal Register document 2026-01234',
    );
  });

  it('writes edits with field labels and days as Jan 1, 2026', () => {
    const sentence = describeChangeHistory({
      event: 'updated',
      changedByName: 'Dana Lee',
      changes: {
        riskRating: { from: 'low', to: 'high' },
        dueDate: { from: null, to: '2027-01-01' },
        owner: { from: 'Sam Rivera', to: null },
      },
    });
    expect(text(sentence)).toBe(
      'Dana Lee set Due date to Jan 1, 2027, cleared Owner (was Sam Rivera) and changed Risk from Low to High',
    );
    expectReadable(sentence);
  });

  it('says who moved the change and quotes their note', () => {
    const sentence = describeChangeHistory({
      event: 'status',
      changedByName: 'Jordan Lee',
      changes: {
        status: { from: 'identified', to: 'assessing' },
        note: { from: null, to: 'Policy owners asked for the final rule text.' },
      },
    });
    expect(text(sentence)).toBe('Jordan Lee moved the change from Identified to Assessing');
    expect(sentence.quotes).toEqual([
      { label: 'Note', text: 'Policy owners asked for the final rule text.' },
    ]);
  });

  it('names the task a member completed, renamed or reassigned', () => {
    const done = describeChangeHistory({
      event: 'task_updated',
      changedByName: 'Sam Rivera',
      changes: {
        task: { from: 'Train staff', to: 'Train staff' },
        done: { from: false, to: true },
      },
    });
    expect(text(done)).toBe('Sam Rivera marked the task “Train staff” done');
    const moved = describeChangeHistory({
      event: 'task_updated',
      changedByName: 'Sam Rivera',
      changes: {
        task: { from: 'Train staff', to: 'Train loan officers' },
        assignee: { from: null, to: 'Jordan Lee' },
        dueDate: { from: '2027-01-01', to: '2027-02-01' },
      },
    });
    expect(text(moved)).toBe(
      'Sam Rivera updated the task “Train staff”: renamed it “Train loan officers”, changed Due date from Jan 1, 2027 to Feb 1, 2027 and set Assignee to Jordan Lee',
    );
    const added = describeChangeHistory({
      event: 'task_added',
      changedByName: 'Sam Rivera',
      changes: {
        task: { from: null, to: 'Update the escrow policy' },
        assignee: { from: null, to: 'Jordan Lee' },
        dueDate: { from: null, to: '2027-03-01' },
      },
    });
    expect(text(added)).toBe(
      'Sam Rivera added the task “Update the escrow policy”, assigned to Jordan Lee, due Mar 1, 2027',
    );
  });
});

describe('readable link titles', () => {
  it('turns the addresses in a text into titled links, leaving its punctuation', () => {
    expect(linkifyText(`Final rule. Source: ${FR_LINK}.`)).toEqual([
      'Final rule. Source: ',
      { text: 'Federal Register document 2026-01234', href: FR_LINK, external: true },
      '.',
    ]);
    expect(linkifyText('No address here')).toEqual(['No address here']);
  });

  it('names Federal Register documents, eCFR sections and other pages', () => {
    expect(readableLinkTitle(FR_LINK)).toBe('Federal Register document 2026-01234');
    expect(readableLinkTitle('https://www.federalregister.gov/d/2026-04567')).toBe(
      'Federal Register document 2026-04567',
    );
    expect(
      readableLinkTitle(
        'https://www.ecfr.gov/current/title-12/chapter-X/part-1026/section-1026.19',
      ),
    ).toBe('12 CFR 1026.19 on eCFR');
    expect(readableLinkTitle('https://www.consumerfinance.gov/rules-policy/')).toBe(
      'page on consumerfinance.gov',
    );
    expect(readableLinkTitle('javascript:alert(1)')).toBeNull();
  });
});
