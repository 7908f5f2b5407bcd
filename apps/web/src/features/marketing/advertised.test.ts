import { FEATURE_NAMES, type FeatureName } from '@complivue/shared/features';
import { describe, expect, it } from 'vitest';
import { appRoutePatterns, paths, type PathName } from '@/config/paths';
import { CAPABILITIES } from './capabilities.ts';

/*
 * What the website sells must exist. Every capability of the landing and features pages, and
 * every feature of the pricing table, names the page where a customer finds it; that page must
 * be one the app builds (a route of the single-page app), or an unknown path would show a paying
 * customer the marketing page again.
 *
 * Pages still being built are listed here with the issue that builds them. The list can only
 * shrink: once a listed page is built, the test fails until its line is removed.
 */
const NOT_BUILT_YET: Partial<Record<PathName, string>> = {};

/** Enterprise services sold with the plan that are not pages yet: issue 29 builds them. */
const SERVICES_NOT_BUILT_YET: Partial<Record<FeatureName, string>> = {
  custom_integrations: 'issue 29, API keys and integrations',
  api_access: 'issue 29, API keys',
  white_label: 'issue 29, white label',
  soc2_compliance: 'issue 29, the security documentation package',
};

/**
 * Where each feature of the pricing table lives. A support service that is a promise of people,
 * not a page, says so.
 */
const FEATURE_PAGES: Record<FeatureName, PathName | { service: string }> = {
  compliance_library: 'compliance',
  team_collaboration: 'collaboration',
  analytics_reporting: 'analytics',
  user_management: 'users',
  subscription_management: 'subscription',
  ai_assistant: 'compliance',
  regulatory_feeds: 'regulatoryFeeds',
  change_management: 'changeManagement',
  risk_scoring: 'riskScoring',
  policy_cross_referencing: 'policyCrossReferencing',
  automation_system: 'automation',
  regulatory_calendar: 'regulatoryCalendar',
  advanced_analytics: 'analytics',
  custom_integrations: { service: SERVICES_NOT_BUILT_YET.custom_integrations! },
  priority_support: 'support',
  dedicated_manager: { service: 'a named person at Complivue, reached through Support' },
  workflow_automation: 'automations',
  api_access: { service: SERVICES_NOT_BUILT_YET.api_access! },
  white_label: { service: SERVICES_NOT_BUILT_YET.white_label! },
  soc2_compliance: { service: SERVICES_NOT_BUILT_YET.soc2_compliance! },
};

const built = new Set<string>(appRoutePatterns);
const isBuiltPage = (page: PathName) => built.has(paths[page]);

function missingPages(advertised: { name: string; page: PathName }[]): string[] {
  return advertised
    .filter(({ page }) => !isBuiltPage(page) && !NOT_BUILT_YET[page])
    .map(({ name, page }) => `${name} → ${paths[page]}`);
}

describe('what the website advertises', () => {
  it('every capability of the landing and features pages has a page the app builds', () => {
    const advertised = CAPABILITIES.map(({ title, page }) => ({ name: title, page }));
    expect(missingPages(advertised)).toEqual([]);
  });

  it('every feature of the pricing table has a page the app builds, or is a service', () => {
    expect(Object.keys(FEATURE_PAGES).sort()).toEqual([...FEATURE_NAMES].sort());
    const advertised = FEATURE_NAMES.flatMap((name) => {
      const page = FEATURE_PAGES[name];
      return typeof page === 'string' ? [{ name, page }] : [];
    });
    expect(missingPages(advertised)).toEqual([]);
  });

  it('lists as not built yet only pages that are still missing', () => {
    const builtSince = (Object.keys(NOT_BUILT_YET) as PathName[]).filter(isBuiltPage);
    expect(builtSince, 'built now: remove them from NOT_BUILT_YET').toEqual([]);
  });
});
