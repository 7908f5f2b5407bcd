import { auditLog } from '@complivue/db/schema/audit';
import { riskFindingActions, riskFindings } from '@complivue/db/schema/findings';
import { notifications } from '@complivue/db/schema/notifications';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { Dashboard } from '@complivue/shared/schemas/dashboard';
import {
  FINDING_EVIDENCE_MAX_BYTES,
  FINDING_MESSAGES,
  type FindingDetail,
  type FindingListResponse,
} from '@complivue/shared/schemas/risk-findings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_PDF, MANUAL_CHANGE, changeTestKit } from '../../../test/changes.ts';
import { multipartForm, type FormFile } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { notifyDependencies } from '../notifications/notify.ts';
import { notifyOverdueFindingActions } from './finding-overdue.ts';

const FINDING = {
  title: 'HMDA action taken dates do not match the loan files',
  source: 'exam',
  severity: 'high',
  area: 'hmda',
  description: 'The examiners found 7 of 40 sampled LAR rows with an action taken date off.',
  rootCause: 'The LOS export reads the decision date, not the date the action was taken.',
};

describe('findings and corrective actions API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The change kit's institution: professional plan, an administrator, a manager and a member.
  const { call, institution, notificationsOf } = changeTestKit(() => t);
  const today = todayIn(null);

  async function createFinding(cookie: string, body: Record<string, unknown> = FINDING) {
    const response = await call(cookie, 'POST', '/api/risks/findings', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FindingDetail>();
  }
  async function detail(cookie: string, findingId: string) {
    const response = await call(cookie, 'GET', `/api/risks/findings/${findingId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FindingDetail>();
  }
  async function addAction(
    cookie: string,
    findingId: string,
    body: { plan?: string; ownerId: string; dueDate?: string },
  ) {
    const response = await call(cookie, 'POST', `/api/risks/findings/${findingId}/actions`, {
      plan: 'Map the action taken date to the right LOS field and re-verify the sample.',
      dueDate: addDays(today, 30),
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FindingDetail>().actions.at(-1)!;
  }
  const actionPath = (findingId: string, actionId: string) =>
    `/api/risks/findings/${findingId}/actions/${actionId}`;
  function complete(
    cookie: string,
    findingId: string,
    actionId: string,
    evidence: string,
    files: FormFile[] = [],
  ) {
    const form = multipartForm({ evidence }, files);
    return t.app.inject({
      method: 'POST',
      url: `${actionPath(findingId, actionId)}/completion`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  }
  const findingRow = async (id: string) =>
    (await t.db.select().from(riskFindings).where(eq(riskFindings.id, id)))[0];
  const actionRow = async (id: string) =>
    (await t.db.select().from(riskFindingActions).where(eq(riskFindingActions.id, id)))[0];

  it('records a finding with its links, numbers it per company and keeps every change in its history', async () => {
    const { manager, companyId } = await institution();
    const risk = await call(manager.cookie, 'POST', '/api/risks', {
      title: 'Inaccurate HMDA data',
      area: 'hmda',
      productLine: 'mortgage_origination',
    });
    expect(risk.statusCode, risk.body).toBe(201);
    const riskId = risk.json<{ id: string }>().id;
    const change = await call(manager.cookie, 'POST', '/api/changes', MANUAL_CHANGE);
    expect(change.statusCode, change.body).toBe(201);
    const changeId = change.json<{ id: string }>().id;

    const finding = await createFinding(manager.cookie, {
      ...FINDING,
      ruleId: 'hmda-lar-001',
      riskId,
      changeId,
    });
    expect(finding).toMatchObject({
      number: 1,
      status: 'open',
      actionCount: 0,
      rule: { id: 'HMDA-LAR-001', citation: '12 CFR 1003.4(a)' },
      risk: { id: riskId, number: 1 },
      change: { id: changeId },
      createdByName: expect.any(String),
    });
    expect(finding.history).toHaveLength(1);
    expect(finding.history[0]!.event).toBe('created');
    expect(Object.keys(finding.history[0]!.changes).sort()).toEqual(
      [
        'area',
        'changeId',
        'description',
        'riskId',
        'rootCause',
        'ruleId',
        'severity',
        'source',
        'title',
      ].sort(),
    );
    expect((await createFinding(manager.cookie)).number).toBe(2);

    const updated = await call(manager.cookie, 'PATCH', `/api/risks/findings/${finding.id}`, {
      severity: 'critical',
      riskId: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<FindingDetail>();
    expect(after).toMatchObject({ severity: 'critical', risk: null });
    expect(after.history[0]).toMatchObject({
      event: 'updated',
      changes: { severity: { from: 'high', to: 'critical' }, riskId: { from: riskId, to: null } },
    });

    // The risk's detail lists its findings through the list's filter.
    await call(manager.cookie, 'PATCH', `/api/risks/findings/${finding.id}`, { riskId });
    const linked = await call(manager.cookie, 'GET', `/api/risks/findings?risk=${riskId}`);
    expect(linked.json<FindingListResponse>().items.map((item) => item.id)).toEqual([finding.id]);

    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.targetId, finding.id)));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['finding.created', 'finding.updated']),
    );
  });

  it('refuses links outside the institution, unknown rules and bad input, writing nothing', async () => {
    const a = await institution();
    const b = await institution();
    const theirRisk = await call(b.manager.cookie, 'POST', '/api/risks', {
      title: 'Their risk',
      area: 'trid',
      productLine: 'mortgage_origination',
    });
    const theirChange = await call(b.manager.cookie, 'POST', '/api/changes', MANUAL_CHANGE);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ riskId: theirRisk.json().id }, 400, FINDING_MESSAGES.risk_not_found],
      [{ changeId: theirChange.json().id }, 400, FINDING_MESSAGES.change_not_found],
      [{ ruleId: 'NOPE-001' }, 400, 'Choose a rule of the compliance library. Unknown: NOPE-001.'],
      [{ severity: 'severe' }, 400, 'Choose a severity.'],
      [{ source: 'rumour' }, 400, 'Choose where the finding came from.'],
      [{ area: 'gdpr' }, 400, 'Choose a regulation area.'],
    ];
    for (const [change, status, message] of cases) {
      const response = await call(a.manager.cookie, 'POST', '/api/risks/findings', {
        ...FINDING,
        ...change,
      });
      expect(response.statusCode, response.body).toBe(status);
      const { error } = response.json();
      expect(error.details?.[0]?.message ?? error.message).toBe(message);
    }
    const rows = await t.db
      .select()
      .from(riskFindings)
      .where(eq(riskFindings.companyId, a.companyId));
    expect(rows).toHaveLength(0);
  });

  it('lets members read and complete their own actions, managers edit, administrators delete', async () => {
    const { admin, manager, user } = await institution();
    expect((await call(user.cookie, 'POST', '/api/risks/findings', FINDING)).statusCode).toBe(403);
    const finding = await createFinding(manager.cookie);
    expect((await call(user.cookie, 'GET', `/api/risks/findings/${finding.id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(user.cookie, 'PATCH', `/api/risks/findings/${finding.id}`, { title: 'Mine now' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(user.cookie, 'POST', `/api/risks/findings/${finding.id}/actions`, {
          plan: 'Do it',
          ownerId: user.userId,
          dueDate: addDays(today, 5),
        })
      ).statusCode,
    ).toBe(403);
    const mine = await addAction(manager.cookie, finding.id, { ownerId: user.userId });
    const theirs = await addAction(manager.cookie, finding.id, { ownerId: admin.userId });
    // A member completes the action they own, not another's.
    const refused = await complete(user.cookie, finding.id, theirs.id, 'Done by me');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(FINDING_MESSAGES.complete_role);
    expect((await actionRow(theirs.id))!.completedAt).toBeNull();
    const done = await complete(
      user.cookie,
      finding.id,
      mine.id,
      'Mapping fixed; 40 rows re-verified.',
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<FindingDetail>().actions[0]).toMatchObject({
      completedByName: 'Casey Member',
      evidence: 'Mapping fixed; 40 rows re-verified.',
    });
    // Members cannot validate; managers and administrators delete only as administrators.
    expect(
      (await call(user.cookie, 'POST', `${actionPath(finding.id, mine.id)}/validation`, {}))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(manager.cookie, 'DELETE', `/api/risks/findings/${finding.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(admin.cookie, 'DELETE', `/api/risks/findings/${finding.id}`)).statusCode,
    ).toBe(204);
    expect(await findingRow(finding.id)).toBeUndefined();
    const [deleted] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'finding.deleted'), eq(auditLog.targetId, finding.id)));
    expect(deleted).toBeDefined();
  });

  it('follows the workflow: validated by someone other than the owner, then closed', async () => {
    const { admin, manager, user } = await institution();
    const finding = await createFinding(manager.cookie);
    const action = await addAction(manager.cookie, finding.id, { ownerId: manager.userId });
    expect((await detail(user.cookie, finding.id)).status).toBe('action_in_progress');

    // Not completed yet: nothing to validate.
    const early = await call(
      admin.cookie,
      'POST',
      `${actionPath(finding.id, action.id)}/validation`,
      {},
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(FINDING_MESSAGES.not_completed);

    const done = await complete(manager.cookie, finding.id, action.id, 'Procedure updated.', [
      CHANGE_PDF,
    ]);
    expect(done.statusCode, done.body).toBe(200);
    const completed = done.json<FindingDetail>();
    expect(completed.status).toBe('ready_for_validation');
    expect(completed.actions[0]!.evidenceFile).toMatchObject({ fileName: CHANGE_PDF.fileName });
    const file = await call(user.cookie, 'GET', `${actionPath(finding.id, action.id)}/evidence`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(CHANGE_PDF.data)).toBe(true);
    // Completed: its plan, owner and due date stay as they were.
    const edit = await call(manager.cookie, 'PATCH', actionPath(finding.id, action.id), {
      plan: 'Something else',
    });
    expect(edit.statusCode).toBe(409);

    // The owner (who also completed it) cannot validate it: 403, nothing written.
    const historyBefore = (await detail(admin.cookie, finding.id)).history.length;
    const byOwner = await call(
      manager.cookie,
      'POST',
      `${actionPath(finding.id, action.id)}/validation`,
      { note: 'Looks fine' },
    );
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.message).toBe(FINDING_MESSAGES.validate_owner);
    expect((await actionRow(action.id))!.validatedAt).toBeNull();
    expect((await detail(admin.cookie, finding.id)).history).toHaveLength(historyBefore);

    // Closing before validation is refused.
    const tooSoon = await call(admin.cookie, 'POST', `/api/risks/findings/${finding.id}/close`, {
      note: 'Done',
    });
    expect(tooSoon.statusCode).toBe(409);

    const validated = await call(
      admin.cookie,
      'POST',
      `${actionPath(finding.id, action.id)}/validation`,
      { note: 'Re-sampled 25 files: no exception.' },
    );
    expect(validated.statusCode, validated.body).toBe(200);
    const after = validated.json<FindingDetail>();
    expect(after.status).toBe('validated');
    expect(after.actions[0]).toMatchObject({
      validatedByName: expect.any(String),
      validationNote: 'Re-sampled 25 files: no exception.',
    });
    const again = await call(
      admin.cookie,
      'POST',
      `${actionPath(finding.id, action.id)}/validation`,
      {},
    );
    expect(again.statusCode).toBe(409);

    const closed = await call(manager.cookie, 'POST', `/api/risks/findings/${finding.id}/close`, {
      note: 'Corrected and validated; reported to the board.',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<FindingDetail>()).toMatchObject({
      status: 'closed',
      closingNote: 'Corrected and validated; reported to the board.',
    });
    const locked = await call(manager.cookie, 'PATCH', `/api/risks/findings/${finding.id}`, {
      title: 'Changed after closing',
    });
    expect(locked.statusCode).toBe(409);
    const reopened = await call(
      manager.cookie,
      'POST',
      `/api/risks/findings/${finding.id}/reopen`,
      {
        note: 'The follow-up exam found the same issue.',
      },
    );
    expect(reopened.json<FindingDetail>().status).toBe('validated');
    expect(
      reopened
        .json<FindingDetail>()
        .history.map((entry) => entry.event)
        .slice(0, 6),
    ).toEqual([
      'reopened',
      'closed',
      'action_validated',
      'action_completed',
      'action_added',
      'created',
    ]);
  });

  it('refuses a manager who completed someone else’s action from validating it', async () => {
    const { admin, manager, user } = await institution();
    const finding = await createFinding(manager.cookie);
    const action = await addAction(manager.cookie, finding.id, { ownerId: user.userId });
    expect(
      (await complete(manager.cookie, finding.id, action.id, 'Done for Casey')).statusCode,
    ).toBe(200);
    const byCompleter = await call(
      manager.cookie,
      'POST',
      `${actionPath(finding.id, action.id)}/validation`,
      {},
    );
    expect(byCompleter.statusCode).toBe(403);
    expect(byCompleter.json().error.message).toBe(FINDING_MESSAGES.validate_completer);
    expect(
      (await call(admin.cookie, 'POST', `${actionPath(finding.id, action.id)}/validation`, {}))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a due date before today, an owner from outside, and oversized or missing evidence', async () => {
    const a = await institution();
    const b = await institution();
    const finding = await createFinding(a.manager.cookie);
    const past = await call(a.manager.cookie, 'POST', `/api/risks/findings/${finding.id}/actions`, {
      plan: 'Retrain the processors',
      ownerId: a.user.userId,
      dueDate: addDays(today, -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({
      code: 'validation_failed',
      message: FINDING_MESSAGES.due_date_past,
      details: [{ path: '/dueDate', message: FINDING_MESSAGES.due_date_past }],
    });
    const outsider = await call(
      a.manager.cookie,
      'POST',
      `/api/risks/findings/${finding.id}/actions`,
      {
        plan: 'Retrain the processors',
        ownerId: b.user.userId,
        dueDate: today,
      },
    );
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe(FINDING_MESSAGES.owner_not_member);
    expect((await detail(a.manager.cookie, finding.id)).actions).toHaveLength(0);

    const action = await addAction(a.manager.cookie, finding.id, {
      ownerId: a.user.userId,
      dueDate: today,
    });
    const movedBack = await call(a.manager.cookie, 'PATCH', actionPath(finding.id, action.id), {
      dueDate: addDays(today, -3),
    });
    expect(movedBack.statusCode).toBe(400);

    const tooLarge = await complete(a.user.cookie, finding.id, action.id, 'Evidence attached', [
      {
        ...CHANGE_PDF,
        data: Buffer.concat([CHANGE_PDF.data, Buffer.alloc(FINDING_EVIDENCE_MAX_BYTES)]),
      },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(FINDING_MESSAGES.evidence_too_large);
    const noEvidence = await complete(a.user.cookie, finding.id, action.id, '');
    expect(noEvidence.statusCode).toBe(400);
    expect(noEvidence.json().error.details).toEqual([
      { path: '/evidence', message: FINDING_MESSAGES.evidence_required },
    ]);
    expect(await actionRow(action.id)).toMatchObject({ completedAt: null, evidence: '' });
  });

  it('keeps findings, actions and evidence inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const finding = await createFinding(a.manager.cookie);
    const action = await addAction(a.manager.cookie, finding.id, { ownerId: a.user.userId });
    const done = await complete(a.user.cookie, finding.id, action.id, 'Done', [CHANGE_PDF]);
    expect(done.statusCode).toBe(200);
    const before = await detail(a.admin.cookie, finding.id);

    const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      [b.user.cookie, 'GET', `/api/risks/findings/${finding.id}`],
      [b.manager.cookie, 'PATCH', `/api/risks/findings/${finding.id}`, { title: 'Taken over' }],
      [b.admin.cookie, 'DELETE', `/api/risks/findings/${finding.id}`],
      [b.manager.cookie, 'POST', `/api/risks/findings/${finding.id}/close`, { note: 'Closed' }],
      [b.manager.cookie, 'POST', `/api/risks/findings/${finding.id}/reopen`, { note: 'Open' }],
      [
        b.manager.cookie,
        'POST',
        `/api/risks/findings/${finding.id}/actions`,
        { plan: 'Theirs', ownerId: b.user.userId, dueDate: today },
      ],
      [b.manager.cookie, 'PATCH', actionPath(finding.id, action.id), { plan: 'Theirs' }],
      [b.admin.cookie, 'POST', `${actionPath(finding.id, action.id)}/validation`, {}],
      [b.user.cookie, 'GET', `${actionPath(finding.id, action.id)}/evidence`],
      [
        b.manager.cookie,
        'POST',
        `${actionPath(finding.id, action.id)}/completion`,
        { evidence: 'x' },
      ],
    ];
    for (const [cookie, method, url, body] of attempts) {
      const response = await call(cookie, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call(b.admin.cookie, 'GET', '/api/risks/findings');
    expect(list.json<FindingListResponse>().items).toHaveLength(0);
    expect(await detail(a.admin.cookie, finding.id)).toEqual(before);
  });

  it('tells the owner and the administrators of an overdue action once, retries a failed notice, and counts it on the dashboard', async () => {
    const { admin, manager, user } = await institution();
    const other = await institution();
    const finding = await createFinding(manager.cookie);
    const late = await addAction(manager.cookie, finding.id, {
      ownerId: user.userId,
      dueDate: '2099-01-10',
      plan: 'Re-file the corrected LAR',
    });
    await addAction(manager.cookie, finding.id, { ownerId: user.userId, dueDate: '2099-03-01' });
    const deps = notifyDependencies(t.app);
    const overdueOf = (userId: string) => notificationsOf(userId, 'finding.action_overdue');

    // The 10th has not ended in New York at 03:00 UTC on the 11th. (The other tests' actions,
    // due this year, are told too: the counts below are this institution's.)
    await notifyOverdueFindingActions(deps, new Date('2099-01-11T03:00:00Z'));
    expect((await actionRow(late.id))!.overdueNotifiedAt).toBeNull();

    // A notice that fails after the claim releases it for the next run.
    const failingDb = new Proxy(deps.db, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (property === 'insert') {
          return (table: unknown) => {
            if (table === notifications) throw new Error('notifications are down');
            return target.insert(table as typeof notifications);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await notifyOverdueFindingActions({ ...deps, db: failingDb }, new Date('2099-01-11T12:00:00Z'));
    expect(await overdueOf(user.userId)).toHaveLength(0);
    expect((await actionRow(late.id))!.overdueNotifiedAt).toBeNull();

    // Two instances at once: told once, owner and administrator alike.
    await Promise.all([
      notifyOverdueFindingActions(deps, new Date('2099-01-11T13:00:00Z')),
      notifyOverdueFindingActions(deps, new Date('2099-01-11T13:00:00Z')),
    ]);
    await notifyOverdueFindingActions(deps, new Date('2099-01-12T13:00:00Z'));
    for (const userId of [user.userId, admin.userId]) {
      const told = await overdueOf(userId);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        priority: 'high',
        title: `Overdue corrective action on FND-1: ${FINDING.title}`,
        link: `/risk-scoring?view=findings&finding=${finding.id}`,
      });
    }
    expect(await overdueOf(manager.userId)).toHaveLength(0);
    expect(await overdueOf(other.admin.userId)).toHaveLength(0);

    // The dashboard counts the findings the list's "overdue" filter shows, on the member's day:
    // the due dates pass with time (the API refuses a past one), so the test moves them.
    await t.db
      .update(riskFindingActions)
      .set({ dueDate: addDays(today, -4) })
      .where(eq(riskFindingActions.id, late.id));
    const board = (await call(admin.cookie, 'GET', '/api/dashboard')).json<Dashboard>();
    const list = (
      await call(admin.cookie, 'GET', '/api/risks/findings?overdue=true')
    ).json<FindingListResponse>();
    expect(board.attention.overdueFindings.count).toBe(list.items.length);
    expect(board.attention.overdueFindings).toEqual({
      count: 1,
      items: [
        {
          id: finding.id,
          number: 1,
          title: FINDING.title,
          severity: 'high',
          dueDate: addDays(today, -4),
          ownerName: 'Casey Member',
          overdueActions: 1,
        },
      ],
    });
    expect(list.items[0]).toMatchObject({ id: finding.id, overdueActions: 1 });
    const theirs = (await call(other.admin.cookie, 'GET', '/api/dashboard')).json<Dashboard>();
    expect(theirs.attention.overdueFindings).toEqual({ count: 0, items: [] });
  });

  it('exports the findings as CSV, one row per action, under the list’s filters', async () => {
    const { manager, user } = await institution();
    const finding = await createFinding(manager.cookie);
    await addAction(manager.cookie, finding.id, { ownerId: user.userId, plan: 'Fix the mapping' });
    await createFinding(manager.cookie, { ...FINDING, title: 'A TRID finding', area: 'trid' });
    const response = await call(user.cookie, 'GET', '/api/risks/findings/export.csv?area=hmda');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('findings-');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Number,Title,Source,Severity,Area,Status,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('FND-1,HMDA action taken dates');
    expect(lines[1]).toContain('Regulatory exam,High,HMDA,Action in progress');
    expect(lines[1]).toContain('Fix the mapping,Casey Member');
  });
});
