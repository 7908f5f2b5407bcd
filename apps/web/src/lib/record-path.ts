import { paths } from '@/config/paths';

/**
 * The in-app page of a record an activity entry or a discussion is about, where the app has
 * one: what User Activity and the team's activity stream link a sentence's record to.
 */
export function recordPath(type: string, id: string): string | null {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'change':
      return `${paths.changeManagement}?change=${encoded}`;
    case 'risk':
      return `${paths.riskScoring}?risk=${encoded}`;
    case 'finding':
      return `${paths.riskScoring}?view=findings&finding=${encoded}`;
    case 'policy':
      return `${paths.policyCrossReferencing}?policy=${encoded}`;
    case 'rule':
      return paths.complianceRule.replace(':ruleId', encoded);
    case 'calendar_event':
      return `${paths.regulatoryCalendar}?event=${encoded}`;
    case 'thread':
      return `${paths.collaboration}?view=threads&thread=${encoded}`;
    case 'support_ticket':
      return paths.supportTicket.replace(':ticketId', encoded);
    default:
      return null;
  }
}
