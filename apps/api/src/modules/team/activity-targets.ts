import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Db } from '@complivue/db/database';
import { changeItems } from '@complivue/db/schema/changes';
import { libraryArticles } from '@complivue/db/schema/library';
import { userProfiles } from '@complivue/db/schema/profiles';
import { riskFindings } from '@complivue/db/schema/findings';
import { policies } from '@complivue/db/schema/policies';
import { risks } from '@complivue/db/schema/risks';
import { supportTickets } from '@complivue/db/schema/support';
import { quoteTitle } from '@complivue/shared/history-sentences';
import { policyNumberLabel } from '@complivue/shared/policies';
import { findingNumberLabel } from '@complivue/shared/risk-findings';
import { riskNumberLabel } from '@complivue/shared/schemas/risks';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';

interface Targeted {
  targetType: string | null;
  targetId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const key = (type: string, id: string) => `${type}:${id}`;

function idsOf(entries: readonly Targeted[], type: string, onlyUuids = true): string[] {
  const ids = entries
    .filter((entry) => entry.targetType === type && entry.targetId)
    .map((entry) => entry.targetId!)
    .filter((id) => !onlyUuids || UUID.test(id));
  return [...new Set(ids)];
}

/**
 * The names, as they are now, of the records some audit entries are about (`type:id` → name):
 * a member, a change ("CHG-3 “Escrow rule”"), a risk ("RSK-2 “…”"), a finding ("FND-1 “…”"), a
 * policy ("POL-4 “…”"), a support ticket ("1042 “Export question”"), a
 * library article; a rule is named by its code. Looked up within the institution only. Calendar
 * events are not looked up: their entries carry the title they were recorded under, which for a
 * SAR deadline hides what it is about.
 */
export async function findTargetLabels(
  db: Db,
  companyId: string,
  entries: readonly Targeted[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const id of idsOf(entries, 'rule', false)) labels.set(key('rule', id), id);
  // Sequential on purpose: inside a transaction the reads share one connection.
  const members = idsOf(entries, 'user', false);
  if (members.length > 0) {
    const rows = await db
      .select({ id: userProfiles.userId, name: userProfiles.fullName, email: userProfiles.email })
      .from(userProfiles)
      .where(and(eq(userProfiles.companyId, companyId), inArray(userProfiles.userId, members)));
    for (const row of rows) labels.set(key('user', row.id), row.name ?? row.email);
  }
  const changes = idsOf(entries, 'change');
  if (changes.length > 0) {
    const rows = await db
      .select({ id: changeItems.id, number: changeItems.number, title: changeItems.title })
      .from(changeItems)
      .where(and(eq(changeItems.companyId, companyId), inArray(changeItems.id, changes)));
    for (const row of rows) {
      labels.set(
        key('change', row.id),
        `${changeNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      );
    }
  }
  const risksNamed = idsOf(entries, 'risk');
  if (risksNamed.length > 0) {
    const rows = await db
      .select({ id: risks.id, number: risks.number, title: risks.title })
      .from(risks)
      .where(and(eq(risks.companyId, companyId), inArray(risks.id, risksNamed)));
    for (const row of rows) {
      labels.set(key('risk', row.id), `${riskNumberLabel(row.number)} ${quoteTitle(row.title)}`);
    }
  }
  const findings = idsOf(entries, 'finding');
  if (findings.length > 0) {
    const rows = await db
      .select({ id: riskFindings.id, number: riskFindings.number, title: riskFindings.title })
      .from(riskFindings)
      .where(and(eq(riskFindings.companyId, companyId), inArray(riskFindings.id, findings)));
    for (const row of rows) {
      labels.set(
        key('finding', row.id),
        `${findingNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      );
    }
  }
  const policiesNamed = idsOf(entries, 'policy');
  if (policiesNamed.length > 0) {
    const rows = await db
      .select({ id: policies.id, number: policies.number, title: policies.title })
      .from(policies)
      .where(and(eq(policies.companyId, companyId), inArray(policies.id, policiesNamed)));
    for (const row of rows) {
      labels.set(
        key('policy', row.id),
        `${policyNumberLabel(row.number)} ${quoteTitle(row.title)}`,
      );
    }
  }
  const tickets = idsOf(entries, 'support_ticket');
  if (tickets.length > 0) {
    const rows = await db
      .select({
        id: supportTickets.id,
        number: supportTickets.number,
        subject: supportTickets.subject,
      })
      .from(supportTickets)
      .where(and(eq(supportTickets.companyId, companyId), inArray(supportTickets.id, tickets)));
    for (const row of rows) {
      labels.set(key('support_ticket', row.id), `${row.number} ${quoteTitle(row.subject)}`);
    }
  }
  const articles = idsOf(entries, 'library_article');
  if (articles.length > 0) {
    const rows = await db
      .select({ id: libraryArticles.id, title: libraryArticles.title })
      .from(libraryArticles)
      .where(
        and(
          inArray(libraryArticles.id, articles),
          or(isNull(libraryArticles.companyId), eq(libraryArticles.companyId, companyId)),
        ),
      );
    for (const row of rows) labels.set(key('library_article', row.id), quoteTitle(row.title));
  }
  return labels;
}

/** The name `findTargetLabels` found for an entry's record, if any. */
export const targetLabelOf = (labels: Map<string, string>, entry: Targeted) =>
  entry.targetType && entry.targetId
    ? (labels.get(key(entry.targetType, entry.targetId)) ?? null)
    : null;
