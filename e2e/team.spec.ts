import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  openBrowser,
  type BrowserSession,
} from './support/browser.ts';
import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { startE2eServer } from './support/e2e-server.ts';
import {
  OPERATOR,
  callApi,
  headingText,
  seedDemoWorkspace,
  signInInBrowser,
  signInOperator,
  signUpThroughApi,
  uniqueEmail,
  type DemoMember,
} from './support/journeys.ts';

/**
 * Team management on the demo workspace (its admin, manager and user; seeding it again before
 * each test brings back their roles, status and settings), and, for what seeding cannot take
 * back (new members, invitations), on institutions of their own.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const sessions: BrowserSession[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startE2eServer({ SMTP_URL: smtp.url });
  // The operator first, while the server has no user (see signInOperator).
  await signInOperator(server.url);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

async function browser() {
  const session = await openBrowser({
    baseUrl: server.url,
    viewport: { width: 1280, height: 900 },
  });
  sessions.push(session);
  return session;
}

async function signedIn(member: Pick<DemoMember, 'email' | 'password'>) {
  const session = await browser();
  await signInInBrowser(session.page, server.url, member);
  return session;
}

const invitationToken = (body: string) =>
  body.match(/\/invitations\/accept\?token=([A-Za-z0-9_-]+)/)![1]!;
const INVALID_INVITATION =
  'This invitation link is invalid, expired or already used. Ask your administrator for a new one.';

describe('team management', () => {
  it("shows 'Access Denied' on /users/team to a user-role member, naming admin and user", async () => {
    const { user } = await seedDemoWorkspace(server.url);
    const { page } = await signedIn(user);
    await page.goto(`${server.url}/users/team`);
    await expect(heading(page)).toHaveText('Access Denied');
    const denied = page.getByRole('region', { name: 'Access Denied' });
    await expect(denied).toContainText('(admin)');
    await expect(denied).toContainText('(user)');
  });

  it('lets the admin change a role, see it in User Activity, and read the access matrix', async () => {
    const { admin, user } = await seedDemoWorkspace(server.url);
    const { page } = await signedIn(admin);
    await page.goto(`${server.url}/users/team`);
    await expect(page.getByRole('heading', { name: 'Team Members' })).toBeVisible();
    await expect(page.getByText('3 of 25 seats in use')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const row = page.getByRole('row').filter({ hasText: user.email });
    await row.getByLabel(`Role of ${user.email}`).selectOption('manager');
    await row.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText(`${user.email} is now Manager.`)).toBeVisible();

    await page.getByTestId('sidebar').getByRole('link', { name: 'User Activity' }).click();
    await expect(page.getByRole('heading', { name: 'User Activity' })).toBeVisible();
    await page.getByLabel('Action', { exact: true }).selectOption('role.changed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('cell', { name: 'role: user → manager' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Changed a role' })).toHaveCount(1);
    const csv = await page.request.get(
      `${server.url}${await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')}`,
    );
    expect(await csv.text()).toContain('Changed a role,role.changed');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${server.url}/users/roles`);
    await expect(page.getByRole('heading', { name: 'Roles & Permissions' })).toBeVisible();
    await expect(page.getByLabel('Users (team, roles, activity), Manager: no')).toHaveCount(1);
    await expect(page.getByLabel('Users (team, roles, activity), Administrator: yes')).toHaveCount(
      1,
    );
    await expectNoSeriousAxeViolations(page);
  });

  it('deactivates a member: their open session ends and they cannot sign in', async () => {
    const { admin, manager } = await seedDemoWorkspace(server.url);
    const member = await signedIn(manager);
    member.allowConsoleErrors(/status of 40[13]/);
    const memberPage = member.page;
    const { page: adminPage } = await signedIn(admin);
    await adminPage.goto(`${server.url}/users/team`);
    const row = adminPage.getByRole('row').filter({ hasText: manager.email });
    await row.getByRole('button', { name: /^Deactivate / }).click();
    const confirm = adminPage.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Deactivated')).toBeVisible();

    // The member's next request is refused: the app sends them to sign in.
    await memberPage.goto(`${server.url}/notifications`);
    await memberPage.waitForURL(`${server.url}/login`);
    await memberPage.getByLabel('Email').fill(manager.email);
    await memberPage.getByLabel('Password', { exact: true }).fill(manager.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(memberPage
      .getByText('This account has been deactivated. Contact your institution’s administrator.')).toBeVisible();
  });

  it('invites by email; the invitee accepts in another browser and appears on the team', async () => {
    const { page } = await browser();
    const admin = await signUpThroughApi(server.url, { page, label: 'inviter' });
    await page.goto(`${server.url}/users/team`);
    const invitee = uniqueEmail('newhire');
    await page.getByLabel('Email to invite').fill(invitee);
    await page.getByLabel('Role', { exact: true }).selectOption('manager');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
    await expect(page.getByText('Pending invitations (1)')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The link's origin is the server's APP_URL; the path and token are what matter here.
    const token = invitationToken((await smtp.nextEmail(invitee)).body);
    const second = await openBrowser({ baseUrl: server.url });
    sessions.push(second);
    await second.page.goto(`${server.url}/invitations/accept?token=${token}`);
    await expect(second.page.getByRole('heading', { name: `Join ${admin.institution}` })).toBeVisible();
    await expectNoSeriousAxeViolations(second.page);
    await second.page.getByLabel('Full name').fill('Riley Chen');
    await second.page.getByLabel('Password', { exact: true }).fill('Joined passphrase 1');
    await second.page.getByRole('button', { name: 'Accept and create my account' }).click();
    await second.page.waitForURL(`${server.url}/dashboard`);

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: invitee }).getByText('Riley Chen')).toBeVisible();
    await expect(page.getByText('Pending invitations')).toHaveCount(0);
  });

  it('resends an invitation with a new link, then revokes it; neither link opens any more', async () => {
    const { page } = await browser();
    await signUpThroughApi(server.url, { page, label: 'inviter' });
    const invitee = uniqueEmail('pending');
    await callApi(server.url, page, 'POST', '/api/team/invitations', {
      email: invitee,
      role: 'user',
    });
    const firstToken = invitationToken((await smtp.nextEmail(invitee)).body);
    const inviteeBrowser = await browser();
    inviteeBrowser.allowConsoleErrors(/status of 4\d\d/);

    await page.goto(`${server.url}/users/team`);
    await page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
    await expect(page.getByText(`A new link was sent to ${invitee}.`)).toBeVisible();
    const secondToken = invitationToken((await smtp.nextEmail(invitee)).body);
    await inviteeBrowser.page.goto(`${server.url}/invitations/accept?token=${firstToken}`);
    await expect(inviteeBrowser.page.getByText(INVALID_INVITATION)).toBeVisible();
    await inviteeBrowser.page.goto(`${server.url}/invitations/accept?token=${secondToken}`);
    await expect(inviteeBrowser.page.getByRole('heading', { name: /^Join / })).toBeVisible();

    await page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
    await expect(page.getByText(`The invitation to ${invitee} was revoked.`)).toBeVisible();
    await expect(page.getByText('Pending invitations')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await inviteeBrowser.page.reload();
    await expect(inviteeBrowser.page.getByText(INVALID_INVITATION)).toBeVisible();
  });

  it('requires two-factor authentication: a member without it is sent to enrol', async () => {
    const { admin, user } = await seedDemoWorkspace(server.url);
    const { page } = await signedIn(admin);
    await page.goto(`${server.url}/settings`);
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.getByRole('tab', { name: 'Data' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download all data (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^complivue-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Require two-factor authentication for every member').check();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Save security settings' }).click();
    await expect(page.getByText('The security settings have been saved.')).toBeVisible();

    const member = await signedIn(user);
    member.allowConsoleErrors(/status of 403/);
    await expect(member.page
      .getByRole('heading', { name: 'Two-factor authentication required' })).toBeVisible();
    await member.page.getByRole('link', { name: 'Turn it on in your profile' }).click();
    await member.page.waitForURL(`${server.url}/profile`);
    await expect(member.page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  });
});

describe('help & support', () => {
  it('opens a ticket with an attachment and shows the super admin’s reply', async () => {
    const { user } = await seedDemoWorkspace(server.url);
    const { page } = await signedIn(user);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Help & Support' }).click();
    await expect(page.getByRole('heading', { name: 'Help & Support', level: 1 })).toBeVisible();
    await expect(page.getByText('First response within 2 business days')).toBeVisible();
    await page.getByLabel('Search the help centre').fill('two-factor');
    await expect(page
      .getByRole('link', { name: /two-factor/i })
      .first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const subject = `HMDA export question ${Date.now()}`;
    await page.getByRole('button', { name: 'Open a ticket' }).click();
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Priority').selectOption('high');
    await page
      .getByLabel('Description')
      .fill('The quarterly LAR export misses applications withdrawn in the last week of June.');
    await page.getByLabel('Attachments (optional)').setInputFiles({
      name: 'lar-sample.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('ULI,Action taken\n549300EXAMPLE0000001,4\n'),
    });
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Send ticket' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`Ticket \\d+: ${subject}`) })).toBeVisible();
    await expect(page.getByRole('link', { name: 'lar-sample.csv' })).toBeVisible();
    const ticketUrl = page.url();

    const operator = await signedIn(OPERATOR);
    await operator.page.goto(`${server.url}/super-admin`);
    await operator.page.getByRole('tab', { name: 'Support' }).click();
    await operator.page.getByRole('link', { name: new RegExp(subject) }).click();
    await operator.page.waitForURL(ticketUrl);
    await operator.page
      .getByLabel('Your reply')
      .fill('Withdrawn applications are now included; please export the quarter again.');
    await operator.page.getByRole('button', { name: 'Send reply' }).click();
    await expect(operator.page.getByText('Answered', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByText('Withdrawn applications are now included')).toBeVisible();
    await expect(page.getByText('Complivue support', { exact: true })).toBeVisible();
    await expect(page.getByText('Answered', { exact: true })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
  });
});
