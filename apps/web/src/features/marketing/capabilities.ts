import {
  BarChart3,
  BellRing,
  BookOpenCheck,
  Bot,
  CalendarClock,
  ClipboardCheck,
  GitCompareArrows,
  LifeBuoy,
  Radar,
  Rss,
  Search,
  ShieldCheck,
  UserCog,
  Users,
  Workflow,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { PaidPlanName } from '@complivue/shared/plans';
import type { PathName } from '@/config/paths';

export interface Capability {
  id: string;
  title: string;
  /** One line for the landing page's grid. */
  summary: string;
  /** What it does, for the features page. */
  details: string[];
  /** The regulations it is most used for. */
  regulations: string;
  /** The lowest plan that includes it. */
  plan: PaidPlanName;
  /** The page of the app where a customer finds it (advertised.test.ts checks it is built). */
  page: PathName;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/**
 * The capabilities of docs/product.md § Audience and scope, described once for the landing and
 * features pages.
 */
export const CAPABILITIES: Capability[] = [
  {
    id: 'regulatory-monitoring',
    title: 'Regulatory monitoring',
    summary:
      'Follow CFPB, prudential-regulator and FinCEN changes as they are published, filtered to the areas your institution is examined on.',
    details: [
      'Collects proposed rules, final rules, guidance and enforcement actions from the agencies that supervise you.',
      'Classifies each item by regulation area from its text and its CFR citations, so a Regulation C amendment lands under HMDA and a Regulation Z change under TILA or TRID.',
      'Ranks items by relevance to your institution type, size and watchlist.',
    ],
    regulations: 'All areas: TRID, QM/ATR, HMDA, fair lending, CRA, BSA/AML, TILA, RESPA',
    plan: 'basic',
    page: 'regulatoryFeeds',
    Icon: Radar,
  },
  {
    id: 'regulatory-feeds',
    title: 'Regulatory feeds',
    summary:
      'Read Federal Register documents and agency releases in one stream, with read, unread and starred states for each person.',
    details: [
      'Federal Register documents of the CFPB, OCC, FDIC, NCUA, Federal Reserve and FinCEN, and the agencies’ own news feeds.',
      'Add the sources your team already follows; each is checked on a schedule.',
      'Filter by area, document type, source and date, and open the original with one click.',
    ],
    regulations: 'Federal Register, CFPB, FFIEC, NCUA, OCC, FDIC, FinCEN publications',
    plan: 'basic',
    page: 'regulatoryFeeds',
    Icon: Rss,
  },
  {
    id: 'compliance-library',
    title: 'Compliance library',
    summary:
      'Keep plain-language summaries of TRID, ATR/QM, HMDA, fair lending, CRA, BSA/AML, TILA and RESPA requirements, each tied to its CFR citation.',
    details: [
      'Articles and rules with their citations, effective dates and the evidence an examiner expects to see.',
      'Filter to what applies to your institution: CRA, for example, applies to banks and savings associations, not to credit unions.',
      'Bookmark what you use and print a clean copy for a committee packet.',
    ],
    regulations:
      'Regulation Z, Regulation X, Regulation C, Regulation B, CRA rules, 31 CFR chapter X',
    plan: 'basic',
    page: 'compliance',
    Icon: BookOpenCheck,
  },
  {
    id: 'smart-notifications',
    title: 'Smart notifications',
    summary:
      'Hear about the changes and deadlines that affect you, not every bulletin in the Federal Register.',
    details: [
      'A watchlist of areas, keywords and agencies decides what reaches you.',
      'High priority for final rules and enforcement actions in your watched areas, and for effective dates within 90 days.',
      'In the app as they happen, or by email as a daily or weekly digest.',
    ],
    regulations: 'All areas',
    plan: 'basic',
    page: 'notifications',
    Icon: BellRing,
  },
  {
    id: 'regulatory-calendar',
    title: 'Regulatory calendar',
    summary:
      'Track effective dates, filing windows and internal review cycles in one calendar your whole team shares.',
    details: [
      'Recurring obligations such as the annual HMDA submission due March 1 (12 CFR 1003.5(a)).',
      'Effective dates of the rules you are implementing, with owners and reminders.',
      'A calendar feed for the tools your team already lives in.',
    ],
    regulations:
      'HMDA filing, CRA public file updates, BSA training and testing cycles, rule effective dates',
    plan: 'basic',
    page: 'regulatoryCalendar',
    Icon: CalendarClock,
  },
  {
    id: 'search',
    title: 'Search',
    summary:
      'Search the library, the regulatory feeds and your own records at once, by keyword or citation.',
    details: [
      'Type “1026.19(e)” or “adverse action” and see the articles, rules and recent changes that mention it.',
      'Results ranked by relevance, with the matching passage highlighted.',
    ],
    regulations: 'All areas',
    plan: 'basic',
    page: 'search',
    Icon: Search,
  },
  {
    id: 'team-collaboration',
    title: 'Team collaboration',
    summary:
      'Give loan officers, processors and the board committee the right view, with roles your administrator controls.',
    details: [
      'Assign work, comment and keep the discussion beside the rule it is about.',
      'Everyone sees the same status, so nothing lives only in someone’s inbox.',
    ],
    regulations: 'All areas',
    plan: 'basic',
    page: 'collaboration',
    Icon: Users,
  },
  {
    id: 'user-management',
    title: 'User management',
    summary:
      'Invite your team, give each person a role, and see who did what in an append-only activity log.',
    details: [
      'Four roles — user, manager, admin and the platform operator — with a matrix anyone can read.',
      'Two-factor authentication with an authenticator app, and a record of sign-ins and role changes.',
    ],
    regulations: 'Supports the access controls examiners review in information-security exams',
    plan: 'basic',
    page: 'users',
    Icon: UserCog,
  },
  {
    id: 'change-management',
    title: 'Change management',
    summary:
      'Turn a rule change into assigned impact assessments, policy updates and evidence of completion.',
    details: [
      'Start a change from any regulatory item; assess impact by business line.',
      'Track tasks, owners and due dates through to implementation and testing.',
      'Keep the evidence together, ready for an examiner’s request.',
    ],
    regulations: 'Rule implementations such as TRID amendments or HMDA reporting changes',
    plan: 'professional',
    page: 'changeManagement',
    Icon: ClipboardCheck,
  },
  {
    id: 'risk-scoring',
    title: 'Risk scoring',
    summary:
      'Rate inherent and residual risk by regulation area so that testing effort goes where exposure is.',
    details: [
      'Score likelihood and impact per area and record the controls that mitigate them.',
      'See how scores move over time and explain why to the board.',
    ],
    regulations: 'Compliance risk assessments for fair lending, BSA/AML, TRID and more',
    plan: 'professional',
    page: 'riskScoring',
    Icon: ShieldCheck,
  },
  {
    id: 'policy-cross-referencing',
    title: 'Policy cross-referencing',
    summary: 'See which of your policies and procedures cite a section when that section changes.',
    details: [
      'Link your policies to the CFR sections they implement.',
      'When a section is amended, the affected policies are listed for review.',
    ],
    regulations: 'Policies implementing Regulation Z, X, C and B, BSA/AML programs',
    plan: 'professional',
    page: 'policyCrossReferencing',
    Icon: GitCompareArrows,
  },
  {
    id: 'analytics-dashboard',
    title: 'Analytics and board reporting',
    summary:
      'Your quarter beside the last: the compliance score with how much of the library it covers, changes implemented, deadlines met or missed, and the team’s work — with a board report PDF.',
    details: [
      'Figures computed from your own assessments, changes, deadlines and activity — never typed in by hand; every number opens its records.',
      'Each chart comes with its table and a CSV; status by regulation area.',
    ],
    regulations: 'All areas',
    plan: 'professional',
    page: 'analytics',
    Icon: BarChart3,
  },
  {
    id: 'automations',
    title: 'Automations',
    summary:
      'Route recurring work automatically: reminders, assignments and escalations that follow your procedures.',
    details: [
      'Rules such as “when a final rule in HMDA is published, open a change and assign the HMDA coordinator”.',
      'Escalate overdue items to a manager.',
    ],
    regulations: 'All areas',
    plan: 'enterprise',
    page: 'automations',
    Icon: Workflow,
  },
  {
    id: 'assistant',
    title: 'Compliance assistant',
    summary:
      'Ask a question in plain English and get an answer drawn from the library, with the citations to check it.',
    details: [
      'Answers are composed from the library’s articles and name the CFR sections they rely on.',
      'It says so when the library does not cover a question, rather than guessing.',
    ],
    regulations: 'All areas covered by the library',
    plan: 'basic',
    page: 'compliance',
    Icon: Bot,
  },
  {
    id: 'support',
    title: 'Support',
    summary:
      'A help centre for every screen, and a support team that answers tickets from the app.',
    details: [
      'Searchable help articles on getting started, plans and billing, account and security.',
      'Tickets with attachments; enterprise plans include priority support.',
    ],
    regulations: 'Platform help',
    plan: 'basic',
    page: 'support',
    Icon: LifeBuoy,
  },
];
