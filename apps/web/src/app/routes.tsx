import { Navigate, type RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RouteError } from './route-error.tsx';
import { UnknownPath } from './leave-for-website.tsx';

/**
 * The single-page app's route tree (signed-in app, sign-in and payment pages). Every page
 * module is lazy-loaded. The public website is not here: its pages are prerendered documents
 * (src/site), so a website path this tree does not know is loaded from the server; any other
 * unknown path is an in-app "page not found" for a signed-in member (`UnknownPath`).
 */
export const appRoutes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: () => <Spinner />,
    children: [
      { path: '*', Component: UnknownPath },
      {
        path: paths.login,
        lazy: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }),
      },
      {
        path: paths.signup,
        lazy: async () => ({ Component: (await import('@/features/auth/signup-page')).SignupPage }),
      },
      {
        path: paths.forgotPassword,
        lazy: async () => ({
          Component: (await import('@/features/auth/forgot-password-page')).ForgotPasswordPage,
        }),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import('@/features/auth/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: paths.invitationAccept,
        lazy: async () => ({
          Component: (await import('@/features/team/accept-invitation-page')).AcceptInvitationPage,
        }),
      },
      {
        path: paths.databaseSetup,
        lazy: async () => ({
          Component: (await import('@/features/setup/database-setup-page')).DatabaseSetupPage,
        }),
      },
      {
        // Signed-in pages without the app's frame (docs/product.md § Self-check), behind the same
        // access guard.
        lazy: async () => ({
          Component: (await import('@/app/layouts/bare-layout')).BareLayout,
        }),
        children: [
          {
            path: paths.qaTest,
            lazy: async () => ({
              Component: (await import('@/features/self-check/self-check-page')).SelfCheckPage,
            }),
          },
        ],
      },
      {
        lazy: async () => ({
          Component: (await import('@/app/layouts/app-layout')).AppLayout,
        }),
        children: [
          {
            path: paths.dashboard,
            lazy: async () => ({
              Component: (await import('@/app/pages/dashboard-route')).DashboardRoute,
            }),
          },
          {
            path: paths.subscription,
            lazy: async () => ({
              Component: (await import('@/app/pages/subscription-route')).SubscriptionRoute,
            }),
          },
          {
            path: paths.settingsSubscription,
            lazy: async () => ({
              Component: (await import('@/app/pages/subscription-route')).SubscriptionRoute,
            }),
          },
          {
            path: paths.checkout,
            lazy: async () => ({
              Component: (await import('@/features/billing/checkout-page')).CheckoutPage,
            }),
          },
          {
            path: `${paths.checkout}/sandbox/:sessionId`,
            lazy: async () => ({
              Component: (await import('@/features/billing/sandbox-checkout-page'))
                .SandboxCheckoutPage,
            }),
          },
          {
            path: paths.success,
            lazy: async () => ({
              Component: (await import('@/features/billing/success-page')).SuccessPage,
            }),
          },
          {
            path: paths.superAdmin,
            lazy: async () => ({
              Component: (await import('@/features/super-admin/super-admin-page')).SuperAdminPage,
            }),
          },
          {
            path: paths.notifications,
            lazy: async () => ({
              Component: (await import('@/features/notifications/notifications-page'))
                .NotificationsPage,
            }),
          },
          {
            path: paths.settings,
            lazy: async () => ({
              Component: (await import('@/features/settings/settings-page')).SettingsPage,
            }),
          },
          {
            path: paths.support,
            lazy: async () => ({
              Component: (await import('@/features/support/support-page')).SupportPage,
            }),
          },
          {
            path: paths.supportTicket,
            lazy: async () => ({
              Component: (await import('@/features/support/ticket-page')).TicketPage,
            }),
          },
          {
            path: paths.compliance,
            lazy: async () => ({
              Component: (await import('@/features/library/library-page')).LibraryPage,
            }),
          },
          {
            path: paths.complianceArticle,
            lazy: async () => ({
              Component: (await import('@/features/library/article-page')).ArticlePage,
            }),
          },
          {
            path: paths.complianceRule,
            lazy: async () => ({
              Component: (await import('@/features/library/rule-page')).RulePage,
            }),
          },
          {
            path: paths.articleEnhancer,
            lazy: async () => ({
              Component: (await import('@/features/enhancer/enhancer-page')).EnhancerPage,
            }),
          },
          {
            path: paths.changeManagement,
            lazy: async () => ({
              Component: (await import('@/features/changes/change-management-page'))
                .ChangeManagementPage,
            }),
          },
          {
            path: paths.riskScoring,
            lazy: async () => ({
              Component: (await import('@/features/risks/risk-scoring-page')).RiskScoringPage,
            }),
          },
          {
            path: paths.analytics,
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: paths.analyticsCompliance,
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: paths.analyticsChanges,
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: paths.analyticsDeadlines,
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: paths.analyticsReports,
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: paths.analyticsTeam,
            lazy: async () => ({
              Component: (await import('@/features/analytics/analytics-page')).AnalyticsPage,
            }),
          },
          {
            path: paths.automations,
            lazy: async () => ({
              Component: (await import('@/features/automations/automations-page')).AutomationsPage,
            }),
          },
          {
            path: paths.automationsRuns,
            lazy: async () => ({
              Component: (await import('@/features/automations/automations-page')).AutomationsPage,
            }),
          },
          {
            path: paths.automationsWebhooks,
            lazy: async () => ({
              Component: (await import('@/features/automations/automations-page')).AutomationsPage,
            }),
          },
          {
            path: paths.automationsNew,
            lazy: async () => ({
              Component: (await import('@/features/automations/rule-editor-page')).RuleEditorPage,
            }),
          },
          {
            path: paths.automationsRuleEdit,
            lazy: async () => ({
              Component: (await import('@/features/automations/rule-editor-page')).RuleEditorPage,
            }),
          },
          {
            path: paths.automationsRule,
            lazy: async () => ({
              Component: (await import('@/features/automations/rule-page')).RulePage,
            }),
          },
          {
            path: paths.automationsRun,
            lazy: async () => ({
              Component: (await import('@/features/automations/run-page')).RunPage,
            }),
          },
          {
            path: paths.automation,
            lazy: async () => ({
              Component: (await import('@/features/automations/automation-dashboard-page'))
                .AutomationDashboardPage,
            }),
          },
          {
            path: paths.loanTests,
            lazy: async () => ({
              Component: (await import('@/features/loan-tests/loan-tests-page')).LoanTestsPage,
            }),
          },
          {
            path: paths.loanTestResult,
            lazy: async () => ({
              Component: (await import('@/features/loan-tests/saved-loan-test-page'))
                .SavedLoanTestPage,
            }),
          },
          {
            path: paths.loanTest,
            lazy: async () => ({
              Component: (await import('@/features/loan-tests/loan-test-page')).LoanTestPage,
            }),
          },
          {
            path: paths.hmdaChecks,
            lazy: async () => ({
              Component: (await import('@/features/hmda/hmda-checks-page')).HmdaChecksPage,
            }),
          },
          {
            path: paths.hmdaUli,
            lazy: async () => ({
              Component: (await import('@/features/hmda/uli-tool-page')).UliToolPage,
            }),
          },
          {
            path: paths.hmdaCheck,
            lazy: async () => ({
              Component: (await import('@/features/hmda/hmda-check-page')).HmdaCheckPage,
            }),
          },
          {
            path: paths.collaboration,
            lazy: async () => ({
              Component: (await import('@/features/collaboration/collaboration-page'))
                .CollaborationPage,
            }),
          },
          {
            path: paths.policyCrossReferencing,
            lazy: async () => ({
              Component: (await import('@/features/policies/policies-page')).PoliciesPage,
            }),
          },
          {
            path: paths.regulatoryFeeds,
            lazy: async () => ({
              Component: (await import('@/features/feeds/feeds-page')).RegulatoryFeedsPage,
            }),
          },
          {
            path: paths.regulatoryCalendar,
            lazy: async () => ({
              Component: (await import('@/features/calendar/calendar-page')).RegulatoryCalendarPage,
            }),
          },
          {
            path: paths.search,
            lazy: async () => ({
              Component: (await import('@/features/search/search-page')).SearchPage,
            }),
          },
          {
            path: paths.users,
            element: <Navigate to={paths.usersTeam} replace />,
          },
          {
            path: paths.usersTeam,
            lazy: async () => ({
              Component: (await import('@/features/team/team-members-page')).TeamMembersPage,
            }),
          },
          {
            path: paths.usersRoles,
            lazy: async () => ({
              Component: (await import('@/features/team/roles-page')).RolesPage,
            }),
          },
          {
            path: paths.usersActivity,
            lazy: async () => ({
              Component: (await import('@/features/team/activity-page')).ActivityPage,
            }),
          },
          {
            path: paths.profile,
            lazy: async () => ({
              Component: (await import('@/features/profile/profile-page')).ProfilePage,
            }),
          },
        ],
      },
    ],
  },
];
