import type { Db } from '@complivue/db/database';
import { riskFindingActions, riskFindings } from '@complivue/db/schema/findings';
import { risks } from '@complivue/db/schema/risks';
import { addDays } from '@complivue/shared/calendar-days';
import type { CreateFindingRequest } from '@complivue/shared/schemas/risk-findings';
import { and, eq } from 'drizzle-orm';
import {
  addFindingAction,
  completeFindingAction,
  createFinding,
  validateFindingAction,
  type FindingDeps,
} from '../risks/findings.service.ts';
import type { RiskActor } from '../risks/risks.service.ts';
import type { DemoMember } from './demo-risks.ts';

const DAY_MS = 86_400_000;

type DemoRole = 'admin' | 'manager' | 'user';

interface DemoAction {
  plan: string;
  owner: DemoRole;
  /** From the day the finding was recorded. */
  dueInDays: number;
  completed?: { by: DemoRole; daysAgo: number; evidence: string };
  validated?: { by: 'admin' | 'manager'; daysAgo: number; note: string };
}

const FINDINGS: {
  by: 'admin' | 'manager';
  daysAgo: number;
  /** The starter risk it is linked to. */
  riskKey: string;
  finding: CreateFindingRequest;
  actions: DemoAction[];
}[] = [
  {
    by: 'admin',
    daysAgo: 35,
    riskKey: 'hmda-data-accuracy',
    finding: {
      title: 'HMDA action taken dates do not match the loan files',
      source: 'exam',
      severity: 'high',
      area: 'hmda',
      ruleId: 'HMDA-LAR-001',
      description:
        'The NCUA examiners compared 40 originated loans reported on the 2025 loan/application register with the loan files: 6 reported an action taken date other than the date the file supports (12 CFR 1003.4(a)(8)).',
      rootCause:
        'The loan origination system’s HMDA export reads the underwriting approval date for originated loans instead of the closing date, and nobody compared the export with the files before submission.',
    },
    actions: [
      {
        plan: 'Map the export’s action taken date to the closing date for originated loans, and write the field mapping into the HMDA data collection procedure.',
        owner: 'manager',
        dueInDays: 25,
        completed: {
          by: 'manager',
          daysAgo: 14,
          evidence:
            'Export mapping changed in the LOS on the vendor’s ticket; HMDA procedure section 4 now lists each LAR field with its source. A test export of 25 third-quarter loans matched the closing dates.',
        },
        validated: {
          by: 'admin',
          daysAgo: 12,
          note: 'Re-tested 15 loans from the new export against their closing disclosures: no exception.',
        },
      },
      {
        plan: 'Re-verify the action taken date of every 2025 LAR entry against the loan file and, if the errors call for it, resubmit the corrected register.',
        owner: 'user',
        dueInDays: 30,
      },
    ],
  },
  {
    by: 'manager',
    daysAgo: 60,
    riskKey: 'trid-tolerance',
    finding: {
      title: 'Tolerance cures refunded after the 60-day deadline',
      source: 'self_identified',
      severity: 'moderate',
      area: 'trid',
      ruleId: 'TRID-TOL-003',
      description:
        'The quarterly post-closing review found 3 loans whose recording fees exceeded the 10 percent cumulative tolerance (12 CFR 1026.19(e)(3)(ii)); the excess was refunded 71 to 84 days after consummation, later than 12 CFR 1026.19(f)(2)(v) allows.',
      rootCause:
        'Cures were found only at the quarterly review; closing had no tolerance comparison and no tracker of the 60-day cure deadline.',
    },
    actions: [
      {
        plan: 'Add the 10 percent tolerance comparison to the closing checklist and a cure tracker with each loan’s 60-day deadline; refund and redisclose any open cure at once.',
        owner: 'manager',
        dueInDays: 20,
        completed: {
          by: 'manager',
          daysAgo: 45,
          evidence:
            'Closing checklist v5 has the tolerance comparison; the cure tracker went live on the shared drive. The three refunds were made with corrected Closing Disclosures.',
        },
        validated: {
          by: 'admin',
          daysAgo: 42,
          note: 'Sampled 10 closings since the change: every comparison done, no cure open past its deadline.',
        },
      },
    ],
  },
  {
    by: 'admin',
    daysAgo: 8,
    riskKey: 'adverse-action-notices',
    finding: {
      title: 'Denied applicant received no statement of specific reasons',
      source: 'complaint',
      severity: 'moderate',
      area: 'fair_lending',
      ruleId: 'FL-AAN-002',
      description:
        'A member complained that the auto loan denial letter gave no reason. The letter used the template that offers a disclosure of reasons on request, without the disclosure notice 12 CFR 1002.9(a)(2) requires with it.',
      rootCause: 'An outdated denial template is still selectable in the consumer lending system.',
    },
    actions: [
      {
        plan: 'Review the denial notices sent since January, correct or retire the outdated template, and send corrected notices where a reason was missing.',
        owner: 'admin',
        dueInDays: 30,
      },
    ],
  },
];

/**
 * The demo institution's findings, replaced on every seeding through the finding services as
 * its members did the work, relative to `now`: an NCUA exam finding on HMDA data accuracy with
 * one action validated and one overdue, a self-identified TRID tolerance-cure finding corrected
 * and validated, and a fresh complaint about an adverse action notice. Seeded after the risk
 * register, which they link to.
 */
export async function seedDemoFindings(
  tx: Db,
  options: {
    companyId: string;
    now: Date;
    today: string;
    members: Record<DemoRole, DemoMember>;
  },
): Promise<void> {
  const { companyId, now, today, members } = options;
  const as = (role: DemoRole, daysAgo: number) => {
    const deps: FindingDeps = {
      db: tx,
      clock: () => new Date(now.getTime() - daysAgo * DAY_MS),
      skipAudit: true,
    };
    const actor: RiskActor = {
      companyId,
      actorUserId: members[role].userId,
      name: members[role].name,
      role,
      today: addDays(today, -daysAgo),
      ip: '127.0.0.1',
      userAgent: 'seed:demo',
    };
    return { deps, actor };
  };

  await tx.delete(riskFindings).where(eq(riskFindings.companyId, companyId));
  for (const entry of FINDINGS) {
    const [risk] = await tx
      .select({ id: risks.id })
      .from(risks)
      .where(and(eq(risks.companyId, companyId), eq(risks.templateKey, entry.riskKey)));
    const recorder = as(entry.by, entry.daysAgo);
    const { id: findingId } = await createFinding(recorder.deps, {
      actor: recorder.actor,
      body: { ...entry.finding, riskId: risk?.id ?? null },
    });
    for (const action of entry.actions) {
      const { id: actionId } = await addFindingAction(recorder.deps, {
        actor: recorder.actor,
        findingId,
        body: {
          plan: action.plan,
          ownerId: members[action.owner].userId,
          dueDate: addDays(today, action.dueInDays - entry.daysAgo),
        },
      });
      if (action.completed) {
        const { deps, actor } = as(action.completed.by, action.completed.daysAgo);
        await completeFindingAction(deps, {
          actor,
          findingId,
          actionId,
          evidence: action.completed.evidence,
          file: null,
        });
      }
      if (action.validated) {
        const { deps, actor } = as(action.validated.by, action.validated.daysAgo);
        await validateFindingAction(deps, {
          actor,
          findingId,
          actionId,
          note: action.validated.note,
        });
      }
      if (!action.completed && action.dueInDays - entry.daysAgo < 0) {
        // Told when it fell due: the demo's alerts are the specification's figures, so the
        // overdue job must not add one at its next run.
        await tx
          .update(riskFindingActions)
          .set({
            overdueNotifiedAt: new Date(
              now.getTime() - (entry.daysAgo - action.dueInDays - 1) * DAY_MS,
            ),
          })
          .where(eq(riskFindingActions.id, actionId));
      }
    }
  }
}
