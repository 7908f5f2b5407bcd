// @vitest-environment happy-dom
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import type { Subscription } from '@complivue/shared/schemas/subscriptions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderComponent } from '../../../test/render.tsx';
import { adminSession } from '../../../test/session-fixture.ts';
import { DashboardPage } from './dashboard-page.tsx';

const SUBSCRIPTION: Subscription = {
  id: 'subscription-1',
  planName: 'professional',
  planType: 'monthly',
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  trialEnd: null,
  createdAt: '2026-01-05T12:00:00.000Z',
  provider: 'sandbox',
  cancelAtPeriodEnd: false,
  daysLeft: 10,
  isExpired: false,
};

const nothing = { count: 0, items: [] };

/** An institution that assessed one rule of the 117 that apply, compliant: 100%, risk Low. */
function figures(compliance: Partial<Dashboard['compliance']> = {}): Dashboard {
  return {
    today: '2026-11-20',
    attention: {
      overdueDeadlines: nothing,
      overdueChanges: nothing,
      overdueFindings: nothing,
      policiesToReview: nothing,
    },
    alerts: { active: 0, highPriority: 0 },
    deadlines: { tracked: true, next30Days: 0 },
    teamActivity: { actionsThisWeek: 1, since: '2026-11-14' },
    compliance: {
      assessed: true,
      score: 100,
      riskLevel: 'Low',
      coverage: { assessed: 1, applicable: 117 },
      areas: [
        {
          area: 'trid',
          status: 'Review Needed',
          label: 'TRID Rules Review Needed',
          score: 100,
          applicableRules: 24,
          assessedRules: 1,
        },
      ],
      ...compliance,
    },
    recentUpdates: [],
  };
}

function open(dashboard: Dashboard, subscription: Subscription = SUBSCRIPTION) {
  answerApi((call) => {
    if (call.path === '/api/auth/session') return { body: adminSession };
    if (call.path === '/api/subscription') return { body: subscription };
    if (call.path === '/api/dashboard') return { body: dashboard };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
  });
  renderComponent(<DashboardPage />, { route: '/dashboard' });
}

/** The "Compliance score" figure. */
const scoreCard = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Compliance score' })).parentElement!
      .parentElement!,
  );

describe('Dashboard compliance score', () => {
  it('never reads better than the evidence: the coverage beside the score, the risk level with it', async () => {
    open(figures());
    const card = await scoreCard();
    expect(
      (await card.findByRole('link', { name: 'Compliance score: 100%, open the list' }))
        .textContent,
    ).toBe('100%');
    expect(card.getByText(/applicable rules assessed/).textContent).toBe(
      '1 of 117 applicable rules assessed (under 1%)',
    );
    expect(card.getByText(/^Risk level/).textContent).toBe(
      'Risk level: Low, on 1 of 117 rules assessed',
    );
    // Each count opens the library's articles ordered by it, whose rows add up to it.
    expect(
      (await card.findByRole('link', { name: 'Rules assessed: 1, open the list' })).getAttribute(
        'href',
      ),
    ).toBe('/compliance?sort=assessed&dir=desc');
    expect(
      card.getByRole('link', { name: 'Rules that apply: 117, open the list' }).getAttribute('href'),
    ).toBe('/compliance?sort=applicable&dir=desc');
  });

  it('gives the risk level alone once every rule that applies is assessed', async () => {
    open(figures({ score: 92, coverage: { assessed: 117, applicable: 117 } }));
    const card = await scoreCard();
    expect((await card.findByText(/^Risk level/)).textContent).toBe('Risk level: Low');
    expect(card.getByText(/applicable rules assessed/).textContent).toBe(
      '117 of 117 applicable rules assessed (100%)',
    );
  });

  it('shows no score and no risk level before anything is assessed, only the coverage', async () => {
    open(
      figures({
        assessed: false,
        score: null,
        riskLevel: null,
        coverage: { assessed: 0, applicable: 117 },
        areas: [],
      }),
    );
    const card = await scoreCard();
    expect(await card.findByText('—')).toBeTruthy();
    expect(card.getByText(/applicable rules assessed/).textContent).toBe(
      '0 of 117 applicable rules assessed (0%)',
    );
    expect(card.queryByText(/Risk level/)).toBeNull();
  });
});

describe('Dashboard header', () => {
  it('shows the system active while the subscription opens the product', async () => {
    open(figures());
    expect(await screen.findByText('System Active')).toBeTruthy();
  });

  it('does not show a green light on an expired trial', async () => {
    open(figures(), {
      ...SUBSCRIPTION,
      planName: 'trial',
      status: 'expired',
      trialEnd: '2026-11-01T00:00:00.000Z',
      isExpired: true,
      daysLeft: 0,
    });
    const renew = await screen.findByRole('link', { name: 'renew to reopen your work' });
    expect(renew.getAttribute('href')).toBe('/subscription');
    expect(screen.queryByText('System Active')).toBeNull();
  });
});
