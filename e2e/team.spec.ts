import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { expectNoSeriousAxeViolations, heading } from './support/browser.ts';
import { startE2eServer } from './support/e2e-server.ts';
import { expect, fileServer, test as base, type Page } from './support/fixtures.ts';
import {
  OPERATOR,
  callApi,
  seedDemoWorkspace,
  signInInBrowser,
  signInOperator,
  signUpThroughApi,
  uniqueEmail,
  type DemoMember,
} from './support/journeys.ts';

/**
 * Team management on a server of the file's own (its emails go to a real SMTP receiver): on the
 * demo workspace (its admin, manager and user; seeding it again in each test brings back their
 * roles, status and settings, and gives them new passwords, so each test signs in afresh), and,
 * for what seeding cannot take back (new members, invitations), on institutions of their own.
 */
const test = base.extend<{
  team: { server: { url: string }; smtp: Awaited<ReturnType<typeof startSmtpReceiver>> };
  /** Another browser, signed in through the form as `member`. */
  signedIn(member: Pick<DemoMember, 'email' | 'password'>): Promise<Page>;
}>({
  team: fileServer(async () => {
    const smtp = await startSmtpReceiver();
    const server = await startE2eServer({ SMTP_URL: smtp.url }).catch(async (error: unknown) => {
      await smtp.close();
      throw error;
    });
    const stop = async () => {
      await server.stop();
      await smtp.close();
    };
    // The operator first, while the server has no user (see signInOperator).
    await signInOperator(server.url).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    return { value: { server, smtp }, stop };
  }),
  signedIn: async ({ team, openPage }, use) => {
    await use(async (member) => {
      const page = await openPage({ viewport: { width: 1280, height: 900 } });
      await signInInBrowser(page, team.server.url, member);
      return page;
    });
  },
});

test.use({ viewport: { width: 1280, height: 900 } });

const invitationToken = (body: string) =>
  body.match(/\/invitations\/accept\?token=([A-Za-z0-9_-]+)/)![1]!;
const INVALID_INVITATION =
  'This invitation link is invalid, expired or already used. Ask your administrator for a new one.';

test.describe('team management', () => {
  test("shows 'Access Denied' on /users/team to a user-role member, naming admin and user", async ({
    signedIn,
    team: { server },
  }) => {
    const { user } = await seedDemoWorkspace(server.url);
    const page = await signedIn(user);
    await page.goto(`${server.url}/users/team`);
    await expect(heading(page)).toHaveText('Access Denied');
    const denied = page.getByRole('region', { name: 'Access Denied' });
    await expect(denied).toContainText('(admin)');
    await expect(denied).toContainText('(user)');
  });

  test('lets the admin change a role, see it in User Activity, and read the access matrix', async ({
    signedIn,
    team: { server },
  }) => {
    const { admin, user } = await seedDemoWorkspace(server.url);
    const page = await signedIn(admin);
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
    // The entry as a sentence: who, what, whom, with the roles in words.
    await expect(
      page.getByRole('cell', {
        name: 'Alex Morgan changed the role of Sam Rivera from User to Manager',
      }),
    ).toHaveCount(1);
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

  test("shows each member's last sign-in as the newest sign-in User Activity lists for them", async ({
    signedIn,
    team: { server },
  }) => {
    const { admin, manager, user } = await seedDemoWorkspace(server.url);
    const page = await signedIn(admin);
    // The demo's manager and user worked this week (and signed in first); the admin just did.
    for (const member of [manager, user, admin]) {
      await page.goto(`${server.url}/users/team`);
      const lastSignIn = page
        .getByRole('row')
        .filter({ hasText: member.email })
        .getByRole('link', { name: /sign-ins of/ });
      const shown = lastSignIn.locator('time');
      const [text, moment] = [await shown.textContent(), await shown.getAttribute('datetime')];
      expect(text).not.toBe('Never');

      await lastSignIn.click();
      await expect(page.getByRole('heading', { name: 'User Activity' })).toBeVisible();
      await expect(page.getByLabel('Action', { exact: true })).toHaveValue('auth.sign_in');
      const newest = page
        .getByRole('table', { name: 'Activity entries' })
        .locator('tbody tr')
        .first();
      await expect(
        newest.getByRole('cell', { name: /^\S.* signed in with a password/ }),
      ).toBeVisible();
      await expect(newest.locator('time')).toHaveText(text!);
      await expect(newest.locator('time')).toHaveAttribute('datetime', moment!);
    }

    // The trail reads as sentences: names and labels, days as Jan 1, 2026, no internal keys.
    await page.goto(`${server.url}/users/activity`);
    const entries = page.getByRole('table', { name: 'Activity entries' });
    await expect(
      entries
        .getByRole('cell', {
          name: /^Sam Rivera assessed rule \S+: changed Status from Not assessed to /,
        })
        .first(),
    ).toBeVisible();
    const trail = (await entries.locator('tbody').textContent()) ?? '';
    expect(trail).not.toMatch(/demo: true|[a-z]+Id:|\b\d{4}-\d{2}-\d{2}\b|https?:\/\//);
    await expectNoSeriousAxeViolations(page);
  });

  test('deactivates a member: their open session ends and they cannot sign in', async ({
    signedIn,
    pageErrors,
    team: { server },
  }) => {
    const { admin, manager } = await seedDemoWorkspace(server.url);
    pageErrors.allow(/status of 40[13]/);
    const memberPage = await signedIn(manager);
    const adminPage = await signedIn(admin);
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
    await expect(
      memberPage.getByText(
        'This account has been deactivated. Contact your institution’s administrator.',
      ),
    ).toBeVisible();
  });

  test('invites by email; the invitee accepts in another browser and appears on the team', async ({
    page,
    openPage,
    team: { server, smtp },
  }) => {
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
    const second = await openPage();
    await second.goto(`${server.url}/invitations/accept?token=${token}`);
    await expect(second.getByRole('heading', { name: `Join ${admin.institution}` })).toBeVisible();
    await expectNoSeriousAxeViolations(second);
    await second.getByLabel('Full name').fill('Riley Chen');
    await second.getByLabel('Password', { exact: true }).fill('Joined passphrase 1');
    await second.getByRole('button', { name: 'Accept and create my account' }).click();
    await second.waitForURL(`${server.url}/dashboard`);

    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: invitee }).getByText('Riley Chen'),
    ).toBeVisible();
    await expect(page.getByText('Pending invitations')).toHaveCount(0);
  });

  test('resends an invitation with a new link, then revokes it; neither link opens any more', async ({
    page,
    openPage,
    pageErrors,
    team: { server, smtp },
  }) => {
    await signUpThroughApi(server.url, { page, label: 'inviter' });
    const invitee = uniqueEmail('pending');
    await callApi(server.url, page, 'POST', '/api/team/invitations', {
      email: invitee,
      role: 'user',
    });
    const firstToken = invitationToken((await smtp.nextEmail(invitee)).body);
    const inviteePage = await openPage({ viewport: { width: 1280, height: 900 } });
    pageErrors.allow(/status of 4\d\d/);

    await page.goto(`${server.url}/users/team`);
    await page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
    await expect(page.getByText(`A new link was sent to ${invitee}.`)).toBeVisible();
    const secondToken = invitationToken((await smtp.nextEmail(invitee)).body);
    await inviteePage.goto(`${server.url}/invitations/accept?token=${firstToken}`);
    await expect(inviteePage.getByText(INVALID_INVITATION)).toBeVisible();
    await inviteePage.goto(`${server.url}/invitations/accept?token=${secondToken}`);
    await expect(inviteePage.getByRole('heading', { name: /^Join / })).toBeVisible();

    await page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
    await expect(page.getByText(`The invitation to ${invitee} was revoked.`)).toBeVisible();
    await expect(page.getByText('Pending invitations')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    await inviteePage.reload();
    await expect(inviteePage.getByText(INVALID_INVITATION)).toBeVisible();
  });

  test('requires two-factor authentication: a member without it is sent to enrol', async ({
    signedIn,
    pageErrors,
    team: { server },
  }) => {
    const { admin, user } = await seedDemoWorkspace(server.url);
    const page = await signedIn(admin);
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

    pageErrors.allow(/status of 403/);
    const member = await signedIn(user);
    await expect(
      member.getByRole('heading', { name: 'Two-factor authentication required' }),
    ).toBeVisible();
    await member.getByRole('link', { name: 'Turn it on in your profile' }).click();
    await member.waitForURL(`${server.url}/profile`);
    await expect(member.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  });
});

test.describe('help & support', () => {
  test('opens a ticket with an attachment and shows the super admin’s reply', async ({
    signedIn,
    team: { server },
  }) => {
    const { user } = await seedDemoWorkspace(server.url);
    const page = await signedIn(user);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Help & Support' }).click();
    await expect(page.getByRole('heading', { name: 'Help & Support', level: 1 })).toBeVisible();
    await expect(page.getByText('First response within 2 business days')).toBeVisible();
    await page.getByLabel('Search the help centre').fill('two-factor');
    await expect(page.getByRole('link', { name: /two-factor/i }).first()).toBeVisible();
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
    await expect(
      page.getByRole('heading', { name: new RegExp(`Ticket \\d+: ${subject}`) }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'lar-sample.csv' })).toBeVisible();
    const ticketUrl = page.url();

    const operator = await signedIn(OPERATOR);
    await operator.goto(`${server.url}/super-admin`);
    await operator.getByRole('tab', { name: 'Support' }).click();
    await operator.getByRole('link', { name: new RegExp(subject) }).click();
    await operator.waitForURL(ticketUrl);
    await operator
      .getByLabel('Your reply')
      .fill('Withdrawn applications are now included; please export the quarter again.');
    await operator.getByRole('button', { name: 'Send reply' }).click();
    await expect(operator.getByText('Answered', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByText('Withdrawn applications are now included')).toBeVisible();
    await expect(page.getByText('Complivue support', { exact: true })).toBeVisible();
    await expect(page.getByText('Answered', { exact: true })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
  });
});
