/**
 * Every route of the product (docs/product.md § Routes), declared once. The router registers the
 * ones that are built; links are made only to those (`isBuilt`), so nothing points at a missing
 * page.
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
  invitationAccept: '/invitations/accept',
  // Signed-in app
  dashboard: '/dashboard',
  compliance: '/compliance',
  complianceArticle: '/compliance/articles/:slug',
  complianceRule: '/compliance/rules/:ruleId',
  collaboration: '/collaboration',
  analytics: '/analytics',
  analyticsCompliance: '/analytics/compliance',
  analyticsChanges: '/analytics/changes',
  analyticsDeadlines: '/analytics/deadlines',
  analyticsTeam: '/analytics/team',
  analyticsReports: '/analytics/reports',
  users: '/users',
  usersTeam: '/users/team',
  usersRoles: '/users/roles',
  usersActivity: '/users/activity',
  settings: '/settings',
  support: '/support',
  supportTicket: '/support/tickets/:ticketId',
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

/** docs/product.md § Navigation and footer: the free-trial call to action. */
export const FREE_TRIAL_PATH = '/signup?join=true&plan=basic&billing=monthly';

/**
 * The public website: prerendered to HTML at build time (src/site), one document per page, so
 * it paints before any JavaScript and ships none of the app's router or data layer.
 * `/blog/:slug` and `/help/:slug` pages come from the markdown files in `content/`.
 */
export const sitePageNames = [
  'home',
  'features',
  'pricing',
  'about',
  'blog',
  'contact',
  'privacy',
  'terms',
  'cookies',
  'help',
  'questionnaire',
] as const satisfies readonly PathName[];

/**
 * The routes of the single-page app (app.html). The server answers exactly these with the app
 * and every other unknown path with the landing page; `router.test.ts` keeps this list equal
 * to the router's.
 */
export const appRoutePatterns = [
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.resetPassword,
  paths.databaseSetup,
  paths.dashboard,
  paths.subscription,
  paths.settingsSubscription,
  paths.checkout,
  `${paths.checkout}/sandbox/:sessionId`,
  paths.success,
  paths.superAdmin,
  paths.profile,
  paths.notifications,
  paths.users,
  paths.usersTeam,
  paths.usersRoles,
  paths.usersActivity,
  paths.invitationAccept,
  paths.settings,
  paths.support,
  paths.supportTicket,
  paths.compliance,
  paths.complianceArticle,
  paths.complianceRule,
  paths.search,
  paths.articleEnhancer,
  paths.regulatoryFeeds,
  paths.changeManagement,
  paths.riskScoring,
  paths.policyCrossReferencing,
  paths.collaboration,
  paths.regulatoryCalendar,
  paths.analytics,
  paths.analyticsCompliance,
  paths.analyticsChanges,
  paths.analyticsDeadlines,
  paths.analyticsTeam,
  paths.analyticsReports,
  paths.qaTest,
] as const;

/** The routes that exist in this build; every link reads this set. */
export const builtPaths: ReadonlySet<PathName> = new Set<PathName>([
  ...sitePageNames,
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
  'notifications',
  'users',
  'usersTeam',
  'usersRoles',
  'usersActivity',
  'invitationAccept',
  'settings',
  'support',
  'supportTicket',
  'compliance',
  'complianceArticle',
  'complianceRule',
  'search',
  'articleEnhancer',
  'regulatoryFeeds',
  'changeManagement',
  'riskScoring',
  'policyCrossReferencing',
  'collaboration',
  'regulatoryCalendar',
  'analytics',
  'analyticsCompliance',
  'analyticsChanges',
  'analyticsDeadlines',
  'analyticsTeam',
  'analyticsReports',
  'qaTest',
]);

export function isBuilt(name: PathName): boolean {
  return builtPaths.has(name);
}
