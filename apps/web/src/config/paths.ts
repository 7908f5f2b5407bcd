/**
 * Every route of the product (SPEC.md §2), declared once. The router registers the ones that
 * are built; links are made only to those (`isBuilt`), so nothing points at a missing page.
 */
export const paths = {
  // Public site
  home: '/',
  features: '/features',
  pricing: '/pricing',
  about: '/about',
  blog: '/blog',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  help: '/help',
  questionnaire: '/questionnaire',
  signup: '/signup',
  checkout: '/checkout',
  success: '/success',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  databaseSetup: '/database-setup',
  // Signed-in app
  dashboard: '/dashboard',
  compliance: '/compliance',
  collaboration: '/collaboration',
  analytics: '/analytics',
  users: '/users',
  usersTeam: '/users/team',
  usersRoles: '/users/roles',
  usersActivity: '/users/activity',
  settings: '/settings',
  support: '/support',
  profile: '/profile',
  subscription: '/subscription',
  settingsSubscription: '/settings/subscription',
  regulatoryFeeds: '/regulatory-feeds',
  changeManagement: '/change-management',
  regulatoryCalendar: '/regulatory-calendar',
  riskScoring: '/risk-scoring',
  policyCrossReferencing: '/policy-cross-referencing',
  automations: '/automations',
  automation: '/automation',
  articleEnhancer: '/article-enhancer',
  qaTest: '/qa-test',
  superAdmin: '/super-admin',
  notifications: '/notifications',
  search: '/search',
} as const;

export type PathName = keyof typeof paths;

/** SPEC.md §2: the free-trial call to action. */
export const FREE_TRIAL_PATH = '/signup?join=true&plan=basic&billing=monthly';

/** The routes that exist in this build; the router and every link read this set. */
export const builtPaths: ReadonlySet<PathName> = new Set<PathName>([
  'home',
  'login',
  'signup',
  'forgotPassword',
  'resetPassword',
  'databaseSetup',
  'dashboard',
  'profile',
  'subscription',
  'settingsSubscription',
  'checkout',
  'success',
  'superAdmin',
]);

export function isBuilt(name: PathName): boolean {
  return builtPaths.has(name);
}
