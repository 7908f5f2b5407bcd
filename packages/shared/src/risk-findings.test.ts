import { describe, expect, it } from 'vitest';
import {
  canCloseFinding,
  findingNumberLabel,
  findingStatus,
  isActionOverdue,
  validationRefusal,
} from './risk-findings.ts';

const planned = { completedAt: null, validatedAt: null };
const completed = { completedAt: new Date(), validatedAt: null };
const validated = { completedAt: new Date(), validatedAt: new Date() };

describe('findingStatus', () => {
  it('follows the actions: none, one not completed, all completed, all validated', () => {
    expect(findingStatus({ closedAt: null }, [])).toBe('open');
    expect(findingStatus({ closedAt: null }, [validated, planned])).toBe('action_in_progress');
    expect(findingStatus({ closedAt: null }, [validated, completed])).toBe('ready_for_validation');
    expect(findingStatus({ closedAt: null }, [validated, validated])).toBe('validated');
  });

  it('is closed while a person’s closure stands, whatever the actions', () => {
    expect(findingStatus({ closedAt: new Date() }, [validated])).toBe('closed');
    expect(findingStatus({ closedAt: new Date() }, [])).toBe('closed');
  });
});

describe('canCloseFinding', () => {
  it('needs every action validated (or none at all)', () => {
    expect(canCloseFinding([])).toBe(true);
    expect(canCloseFinding([validated])).toBe(true);
    expect(canCloseFinding([validated, completed])).toBe(false);
  });
});

describe('isActionOverdue', () => {
  it('is past its due date and not completed; the due day itself is not late', () => {
    expect(isActionOverdue({ dueDate: '2026-03-01', completedAt: null }, '2026-03-02')).toBe(true);
    expect(isActionOverdue({ dueDate: '2026-03-02', completedAt: null }, '2026-03-02')).toBe(false);
    expect(isActionOverdue({ dueDate: '2026-03-01', completedAt: new Date() }, '2026-03-02')).toBe(
      false,
    );
  });
});

describe('validationRefusal', () => {
  const action = { ownerId: 'owner', completedBy: 'owner', completedAt: new Date() };
  it('refuses the owner and whoever completed it, and an action not completed', () => {
    expect(validationRefusal(action, 'owner')).toBe('owner');
    expect(validationRefusal({ ...action, completedBy: 'manager' }, 'manager')).toBe('completer');
    expect(validationRefusal({ ...action, completedAt: null }, 'admin')).toBe('not_completed');
    expect(validationRefusal(action, 'admin')).toBeNull();
  });
});

it('numbers findings per company as FND-n', () => {
  expect(findingNumberLabel(7)).toBe('FND-7');
});
