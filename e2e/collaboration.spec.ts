import { expectNoSeriousAxeViolations } from './support/browser.ts';
import { demoTest as test } from './support/demo-server.ts';
import { expect, signedInState } from './support/fixtures.ts';

/*
 * Team collaboration on the demo workspace (Jordan Lee, manager; Sam Rivera, member), on a
 * server of the file's own: the journey leaves comments and tasks behind.
 */

const RULE = 'TRID-LE-001';

test.describe('team collaboration', () => {
  test('a manager mentions a member on a rule, the member sees it live and answers, gets a task and completes it from My work', async ({
    demo,
    openPage,
  }) => {
    // Two members' sessions side by side, live updates and four accessibility scans.
    test.slow();
    const viewport = { width: 1280, height: 900 };
    const manager = await openPage({
      storageState: await signedInState(demo.url, demo.members.manager),
      viewport,
    });
    const member = await openPage({
      storageState: await signedInState(demo.url, demo.members.user),
      viewport,
    });
    const rulePath = `${demo.url}/compliance/rules/${RULE}`;
    await manager.goto(rulePath);
    await member.goto(rulePath);
    const memberComments = member.getByRole('list', { name: 'Comments' });
    await expect(member.getByText('No comments yet.')).toBeVisible();

    // The manager mentions Sam with the picker.
    const box = manager.getByRole('form', { name: 'Add a comment' });
    await box.getByLabel('Comment').fill('Can you test three files against this? @Sa');
    await manager.getByRole('option', { name: /Sam Rivera/ }).click();
    await box.getByRole('button', { name: 'Post comment' }).click();
    await expect(manager.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(
      1,
    );

    // It appears on the member's open page without a reload.
    await expect(memberComments.getByRole('listitem')).toHaveCount(1);
    await expect(memberComments).toContainText('Jordan Lee');
    await expect(memberComments.getByText('@Sam Rivera')).toBeVisible();
    await expectNoSeriousAxeViolations(member);

    // The member answers; the manager sees the answer live.
    const answer = member.getByRole('form', { name: 'Add a comment' });
    await answer.getByLabel('Comment').fill('Yes, I will pull three files from October.');
    // With the sampling plan attached (the input behind the "Attach a file" button).
    await answer.locator('input[type="file"]').setInputFiles({
      name: 'sampling-plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await expect(answer.getByText('sampling-plan.pdf')).toBeVisible();
    await answer.getByRole('button', { name: 'Post comment' }).click();
    const managerComments = manager.getByRole('list', { name: 'Comments' });
    await expect(managerComments.getByRole('listitem')).toHaveCount(2);
    await expect(managerComments.getByRole('link', { name: /sampling-plan\.pdf/ })).toHaveAttribute(
      'href',
      /^\/api\/comments\/[0-9a-f-]+\/attachment$/,
    );

    // The manager gives the member a task on the rule, with a checklist.
    await manager.getByRole('button', { name: 'Add a task' }).click();
    const taskForm = manager.getByRole('form', { name: 'Add a task' });
    await taskForm.getByLabel('Task').fill('Test three October files for Loan Estimate timing');
    await taskForm.getByLabel('Assign to').selectOption({ label: 'Sam Rivera' });
    await taskForm.getByLabel('Checklist (optional)').fill('Pick the files\nRecord the dates');
    await taskForm.getByRole('button', { name: 'Add task' }).click();
    await expect(
      member.getByText('Test three October files for Loan Estimate timing'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(manager);

    // My work: the task and the mention, each count the length of its list.
    await member.goto(`${demo.url}/collaboration`);
    const openTasks = member.getByRole('link', { name: /^Open tasks: \d+, open the list$/ });
    await expect(openTasks).toBeVisible();
    const tasks = member.getByRole('table', { name: 'Your open tasks' });
    const count = Number(/: (\d+),/.exec((await openTasks.getAttribute('aria-label')) ?? '')?.[1]);
    await expect(tasks.locator('tbody tr')).toHaveCount(count);
    const mentionCount = member.getByRole('link', {
      name: /^Mentions, 30 days: \d+, open the list$/,
    });
    const mentionTotal = Number(
      /: (\d+),/.exec((await mentionCount.getAttribute('aria-label')) ?? '')?.[1],
    );
    const mentions = member.getByRole('list', { name: 'Comments that mention you' });
    await expect(mentions.getByRole('listitem')).toHaveCount(mentionTotal);
    // The newest first: Jordan's question on the rule.
    await expect(mentions.getByRole('listitem').first()).toContainText(
      'Can you test three files against this?',
    );
    await expectNoSeriousAxeViolations(member);

    const row = tasks.getByRole('row', { name: /Test three October files/ });
    await expect(row.getByRole('link', { name: new RegExp(RULE) })).toBeVisible();
    await row.getByRole('button', { name: /^Mark done: “Test three October files/ }).click();
    await expect(
      member.getByText('“Test three October files for Loan Estimate timing” is done.'),
    ).toBeVisible();
    await expect(tasks.getByRole('row', { name: /Test three October files/ })).toHaveCount(0);

    // The team's activity says who did what, on which rule.
    await member.getByRole('link', { name: 'Activity', exact: true }).click();
    const activity = member.getByRole('list', { name: 'Team activity' });
    await expect(activity).toContainText('Sam Rivera completed the task');
    await expect(activity).toContainText('Jordan Lee commented on');

    // On a phone the page stacks and stays clean.
    await member.setViewportSize({ width: 375, height: 800 });
    await member.goto(`${demo.url}/collaboration`);
    await expect(
      member.getByRole('heading', { level: 1, name: 'Team Collaboration' }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(member);
  });
});
