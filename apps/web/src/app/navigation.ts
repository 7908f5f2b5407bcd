import {
  BarChart3,
  Bell,
  BookOpenCheck,
  Bot,
  Calculator,
  CalendarClock,
  ClipboardCheck,
  CreditCard,
  FileCheck2,
  Gauge,
  GitCompareArrows,
  LayoutDashboard,
  LifeBuoy,
  MessagesSquare,
  Rss,
  Settings,
  ShieldCheck,
  Sparkles,
  UserCog,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { PathName } from '@/config/paths';

export interface NavItem {
  to: PathName;
  label: string;
  icon: LucideIcon;
  children?: { to: PathName; label: string }[];
}

/**
 * The sidebar (docs/product.md § Sidebar), in the order a compliance officer works. Items whose
 * page is not built yet are not shown (`isBuilt`); items the plan or role does not open are shown
 * locked.
 */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: 'compliance', label: 'Compliance Library', icon: BookOpenCheck },
  { to: 'regulatoryFeeds', label: 'Regulatory Feeds', icon: Rss },
  { to: 'regulatoryCalendar', label: 'Regulatory Calendar', icon: CalendarClock },
  { to: 'changeManagement', label: 'Change Management', icon: ClipboardCheck },
  { to: 'riskScoring', label: 'Risk Scoring', icon: ShieldCheck },
  { to: 'policyCrossReferencing', label: 'Policy Cross-Referencing', icon: GitCompareArrows },
  { to: 'loanTests', label: 'Loan Tests', icon: Calculator },
  { to: 'hmdaChecks', label: 'HMDA Checks', icon: FileCheck2 },
  { to: 'analytics', label: 'Analytics', icon: BarChart3 },
  { to: 'collaboration', label: 'Team Collaboration', icon: MessagesSquare },
  { to: 'automations', label: 'Automations', icon: Workflow },
  { to: 'automation', label: 'Automation Dashboard', icon: Gauge },
  { to: 'articleEnhancer', label: 'Article Enhancer', icon: Sparkles },
  { to: 'notifications', label: 'Notifications', icon: Bell },
  {
    to: 'users',
    label: 'Users',
    icon: UserCog,
    children: [
      { to: 'usersTeam', label: 'Team Members' },
      { to: 'usersRoles', label: 'Roles & Permissions' },
      { to: 'usersActivity', label: 'User Activity' },
    ],
  },
  { to: 'subscription', label: 'Subscription', icon: CreditCard },
  { to: 'settings', label: 'Settings', icon: Settings },
  { to: 'support', label: 'Help & Support', icon: LifeBuoy },
  { to: 'superAdmin', label: 'Super Admin', icon: Bot },
];
