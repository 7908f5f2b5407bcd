import { describe, expect, it } from 'vitest';
import {
  CHANGE_WORKFLOW_MESSAGES,
  changeTransitionsFrom,
  dayIn,
  decideChangeTransition,
  isPastDue,
} from './change-workflow.ts';
import { ERROR_CATALOGUE } from './error-catalogue.ts';
import { CHANGE_STATUSES, type ChangeStatus } from './regulatory-monitoring.ts';
import { ROLES, type Role } from './roles.ts';

/**
 * The whole table, written out: for each (from, to), the lowest role that may make the move,
 * or null when the workflow does not have it.
 */
const EXPECTED: Record<ChangeStatus, Partial<Record<ChangeStatus, Role>>> = {
  identified: { assessing: 'user', not_applicable: 'manager' },
  assessing: { identified: 'user', implementing: 'user', not_applicable: 'manager' },
  implementing: { assessing: 'user', review: 'user', not_applicable: 'manager' },
  review: { implementing: 'user', closed: 'manager', not_applicable: 'manager' },
  closed: { assessing: 'manager' },
  not_applicable: { assessing: 'manager' },
};

const RANK: Record<Role, number> = { user: 1, manager: 2, admin: 3, super_admin: 4 };

/** The decision with the HTTP status its error code answers with (the error catalogue's). */
function decide(...args: Parameters<typeof decideChangeTransition>) {
  const decision = decideChangeTransition(...args);
  return decision.allowed
    ? decision
    : { ...decision, status: ERROR_CATALOGUE[decision.code].status };
}

describe('change workflow', () => {
  for (const from of CHANGE_STATUSES) {
    for (const to of CHANGE_STATUSES) {
      for (const role of ROLES) {
        const needed = EXPECTED[from][to];
        const expected =
          from === to || !needed ? 409 : RANK[role] >= RANK[needed] ? 'allowed' : 403;
        it(`${from} → ${to} as ${role}: ${expected}`, () => {
          const decision = decide({ from, to, role });
          if (expected === 'allowed') {
            expect(decision.allowed).toBe(true);
          } else {
            expect(decision).toMatchObject({ allowed: false, status: expected });
          }
        });
      }
    }
  }

  it('explains each refusal', () => {
    expect(decide({ from: 'review', to: 'closed', role: 'user' })).toMatchObject({
      status: 403,
      code: 'transition_role_required',
      message: CHANGE_WORKFLOW_MESSAGES.approve_role,
    });
    expect(decide({ from: 'assessing', to: 'not_applicable', role: 'user' })).toMatchObject({
      status: 403,
      message: CHANGE_WORKFLOW_MESSAGES.not_applicable_role,
    });
    expect(decide({ from: 'closed', to: 'assessing', role: 'user' })).toMatchObject({
      status: 403,
      message: CHANGE_WORKFLOW_MESSAGES.reopen_role,
    });
    expect(decide({ from: 'identified', to: 'review', role: 'admin' })).toMatchObject({
      status: 409,
      code: 'transition_not_allowed',
      message:
        'A change cannot move from “Identified” to “Review”. From “Identified” it can move to “Assessing” or “Not applicable”.',
    });
    expect(decide({ from: 'review', to: 'review', role: 'admin' })).toMatchObject({
      status: 409,
      message: 'This change is already “Review”.',
    });
  });

  it('refuses to close while tasks are open, whoever approves', () => {
    expect(decide({ from: 'review', to: 'closed', role: 'admin', openTasks: 2 })).toMatchObject({
      allowed: false,
      status: 409,
      code: 'open_tasks',
      message: 'Finish or remove the 2 open tasks before closing this change.',
    });
    // The role is checked first: a user learns they cannot approve at all.
    expect(decide({ from: 'review', to: 'closed', role: 'user', openTasks: 1 })).toMatchObject({
      status: 403,
    });
    // Open tasks do not block the other moves.
    expect(
      decideChangeTransition({ from: 'review', to: 'implementing', role: 'user', openTasks: 3 })
        .allowed,
    ).toBe(true);
  });

  it('lists the moves from a status with what a role may do', () => {
    const fromReview = changeTransitionsFrom('review', 'user');
    expect(fromReview.map((move) => [move.to, move.kind, move.decision.allowed])).toEqual([
      ['implementing', 'send_back', true],
      ['closed', 'approve', false],
      ['not_applicable', 'not_applicable', false],
    ]);
    expect(changeTransitionsFrom('review', 'manager').every((move) => move.decision.allowed)).toBe(
      true,
    );
    expect(changeTransitionsFrom('not_applicable', 'admin')).toMatchObject([
      { to: 'assessing', kind: 'reopen', needsNote: false },
    ]);
    expect(changeTransitionsFrom('identified', 'admin').find((move) => move.needsNote)?.to).toBe(
      'not_applicable',
    );
  });

  it('tells the day in a time zone, and what is past due', () => {
    const now = new Date('2026-03-02T03:30:00Z');
    expect(dayIn(now, 'UTC')).toBe('2026-03-02');
    expect(dayIn(now, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(dayIn(now, null)).toBe('2026-03-01');
    expect(dayIn(now, 'Not/AZone')).toBe('2026-03-01');
    expect(isPastDue('2026-03-01', '2026-03-01')).toBe(false);
    expect(isPastDue('2026-02-28', '2026-03-01')).toBe(true);
    expect(isPastDue(null, '2026-03-01')).toBe(false);
  });
});
