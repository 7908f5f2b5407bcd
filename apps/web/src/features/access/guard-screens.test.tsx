import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AccessDenied,
  ExpiredTrialCard,
  PremiumFeatureCard,
  SubscriptionRequired,
  TrialExpired,
  UpgradeRequired,
  VerifyingAccess,
} from './guard-screens.tsx';

function render(element: ReactElement): {
  html: string;
  text: string;
  links: Record<string, string>;
} {
  const html = renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const links = Object.fromEntries(
    [...html.matchAll(/<a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((match) => [
      match[2]!
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;/g, "'")
        .trim(),
      match[1]!.replace(/&amp;/g, '&'),
    ]),
  );
  return { html, text, links };
}

describe('guard screens', () => {
  it("'Verifying access...' while loading", () => {
    expect(render(<VerifyingAccess />).text).toContain('Verifying access...');
  });

  it("'Access Denied' names the needed and the current role, with Go Back and Dashboard", () => {
    const { text, links, html } = render(<AccessDenied needed="super_admin" current="admin" />);
    expect(text).toContain('Access Denied');
    expect(text).toContain('super_admin');
    expect(text).toContain('admin');
    expect(html).toContain('Go Back');
    expect(links).toMatchObject({ Dashboard: '/dashboard' });
  });

  it("'Subscription Required' offers Manage Subscription", () => {
    const { text, links } = render(<SubscriptionRequired />);
    expect(text).toContain('Subscription Required');
    expect(links).toEqual({ 'Manage Subscription': '/subscription' });
  });

  it("'Upgrade Required' offers Upgrade Plan", () => {
    const { text, links } = render(<UpgradeRequired needed="professional" current="basic" />);
    expect(text).toContain('Upgrade Required');
    expect(text).toContain("Your current plan (Basic) doesn't include access to this feature.");
    expect(links).toEqual({ 'Upgrade Plan': '/subscription' });
  });

  it("'Trial Expired' offers Dashboard and Upgrade Now", () => {
    const { text, links } = render(<TrialExpired />);
    expect(text).toContain('Trial Expired');
    expect(links).toEqual({ Dashboard: '/dashboard', 'Upgrade Now': '/subscription' });
  });

  it("the 'Premium Feature' card says which plan lacks it, or that a subscription is needed", () => {
    const withPlan = render(<PremiumFeatureCard plan="basic" />);
    expect(withPlan.text).toContain('Premium Feature');
    expect(withPlan.text).toContain(
      "Your current plan (Basic) doesn't include access to this feature.",
    );
    expect(withPlan.links).toMatchObject({ 'Upgrade Subscription': '/settings/subscription' });
    expect(render(<PremiumFeatureCard plan={null} />).text).toContain(
      'This feature requires an active subscription to access.',
    );
  });

  it('the expired-trial card offers Basic at its price, not as free', () => {
    const { text, links } = render(<ExpiredTrialCard />);
    expect(text).toContain(
      'Your 14-day free trial has ended. Choose a plan to continue accessing this feature.',
    );
    expect(links).toMatchObject({
      'Continue with Basic ($99/month)': '/checkout?plan=basic&billing=monthly',
    });
    expect(text).not.toContain('(Free)');
  });
});
