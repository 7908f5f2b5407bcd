import type { ChangeDetail, ChangeMembers } from '@complivue/shared/schemas/changes';

/** Component tests' change: open, no tasks, and the members who can own it. */
export const members: ChangeMembers['members'] = [
  { userId: 'user-dana', name: 'Dana Reyes', email: 'dana@example.com', role: 'admin' },
  { userId: 'user-jordan', name: 'Jordan Lee', email: 'jordan@example.com', role: 'user' },
];

export function aChange(overrides: Partial<ChangeDetail> = {}): ChangeDetail {
  return {
    id: '0b9f3f4e-8a55-4c1e-9f53-1d2e3c4b5a60',
    number: 7,
    title: 'Escrow cushion limits',
    source: 'manual',
    areas: ['respa'],
    effectiveDate: null,
    riskRating: 'medium',
    status: 'assessing',
    ownerId: 'user-dana',
    ownerName: 'Dana Reyes',
    dueDate: '2030-03-01',
    overdue: false,
    openTasks: 0,
    totalTasks: 0,
    overdueTasks: 0,
    createdAt: '2026-01-05T15:00:00.000Z',
    updatedAt: '2026-01-05T15:00:00.000Z',
    closedAt: null,
    summary: '',
    impact: { policies: '', products: '', processes: '', systems: '' },
    feedItem: null,
    notApplicableReason: null,
    createdByName: 'Dana Reyes',
    tasks: [],
    comments: [],
    attachments: [],
    history: [],
    ...overrides,
  };
}
