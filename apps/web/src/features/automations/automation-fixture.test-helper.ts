import type { RuleSummary } from '@complivue/shared/schemas/automations';
import type { AutomationMember } from './api.ts';

/** Component tests' members, as GET /api/automations/members answers them. */
export const members: AutomationMember[] = [
  { id: 'user-dana', name: 'Dana Reyes', role: 'admin' },
  { id: 'user-jordan', name: 'Jordan Lee', role: 'user' },
];

export function aRule(overrides: Partial<RuleSummary> = {}): RuleSummary {
  return {
    id: '3f1c2a9e-7b6d-4c1e-9a2b-1d2e3f4a5b6c',
    name: 'HMDA deadline in 30 days → task to its owner',
    description: '',
    enabled: true,
    version: 1,
    trigger: { type: 'deadline_approaching', daysBefore: 30, cron: null },
    sentence:
      'When a calendar deadline is 30 days away, if Regulation area is HMDA, then create a task',
    actionTypes: ['create_task'],
    templateKey: 'hmda_deadline_task',
    lastRun: null,
    runs30d: 0,
    failed30d: 0,
    createdByName: 'Dana Reyes',
    updatedByName: 'Dana Reyes',
    createdAt: '2026-11-01T14:00:00.000Z',
    updatedAt: '2026-11-01T14:00:00.000Z',
    ...overrides,
  };
}
