import type { Db } from '@complivue/db/database';
import { comments, teamTasks, teamThreads } from '@complivue/db/schema/collaboration';
import { addDays } from '@complivue/shared/calendar-days';
import { mentionToken } from '@complivue/shared/schemas/collaboration';
import { eq } from 'drizzle-orm';
import type { DemoMember } from './demo-risks.ts';

const DAY_MS = 86_400_000;
type DemoRole = 'admin' | 'manager' | 'user';

/**
 * The team's discussions in the demo workspace, as its members wrote them over the last week:
 * an exam-preparation thread, a question on the HMDA data rule and a task on it for the member.
 * Replaced at each seeding; written without audit rows, so the dashboard's week of team work
 * stays the demo's 12 actions (the discussions' own records are the comments).
 */
export async function seedDemoCollaboration(
  tx: Db,
  options: { companyId: string; now: Date; today: string; members: Record<DemoRole, DemoMember> },
): Promise<void> {
  const { companyId, now, today, members } = options;
  const at = (daysAgo: number, minutes = 0) =>
    new Date(now.getTime() - daysAgo * DAY_MS + minutes * 60_000);
  await tx.delete(comments).where(eq(comments.companyId, companyId));
  await tx.delete(teamThreads).where(eq(teamThreads.companyId, companyId));
  await tx.delete(teamTasks).where(eq(teamTasks.companyId, companyId));

  const [thread] = await tx
    .insert(teamThreads)
    .values({
      companyId,
      title: 'Examination preparation',
      createdBy: members.admin.userId,
      createdByName: members.admin.name,
      createdAt: at(5),
      updatedAt: at(2),
    })
    .returning({ id: teamThreads.id });
  const say = (role: DemoRole, body: string, createdAt: Date) => ({
    companyId,
    authorId: members[role].userId,
    authorName: members[role].name,
    body,
    mentions: [],
    createdAt,
  });
  await tx.insert(comments).values([
    {
      ...say(
        'admin',
        'Our next examination is coming up. Let us gather what the examiners will ask for first: the HMDA file review, the BSA/AML program documents and a Loan Estimate timing sample.',
        at(5),
      ),
      subjectType: 'thread',
      subjectId: thread!.id,
    },
    {
      ...say(
        'manager',
        'I will put the HMDA corrective action evidence together: the export field mapping and the comparison of the loan files with the register.',
        at(4, 30),
      ),
      subjectType: 'thread',
      subjectId: thread!.id,
    },
    {
      ...say('user', 'I can pull the Loan Estimate sample once we agree on how many files.', at(2)),
      subjectType: 'thread',
      subjectId: thread!.id,
    },
    {
      ...say(
        'manager',
        `${mentionToken(members.user.name, members.user.userId)} can you check that the data collection procedure maps the action taken date to the closing date for originated loans? It is the field the finding was about.`,
        at(1),
      ),
      mentions: [members.user.userId],
      subjectType: 'rule',
      subjectId: 'HMDA-LAR-001',
    },
  ]);
  await tx.insert(teamTasks).values({
    companyId,
    subjectType: 'rule',
    subjectId: 'HMDA-LAR-001',
    title: 'Compare ten originated loans with the register’s action taken dates',
    assigneeId: members.user.userId,
    dueDate: addDays(today, 7),
    checklist: [
      { text: 'Pick ten loans originated last quarter', done: true },
      { text: 'Record the closing date from each file', done: false },
      { text: 'Compare with the register and note any difference', done: false },
    ],
    createdBy: members.manager.userId,
    createdByName: members.manager.name,
    createdAt: at(1, 5),
  });
}
