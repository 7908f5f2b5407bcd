import { auditLog } from '@complivue/db/schema/audit';
import { risks } from '@complivue/db/schema/risks';
import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type {
  RiskDetail,
  RiskListResponse,
  RiskTemplateList,
} from '@complivue/shared/schemas/risks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const RISK = {
  title: 'Loan Estimates delivered late',
  area: 'trid',
  productLine: 'mortgage_origination',
  description: 'Applications taken at branches reach the disclosure desk late.',
};

describe('risk scoring API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The change kit's institution: professional plan, an administrator, a manager and a member.
  const { call, institution } = changeTestKit(() => t);
  const today = todayIn(null);

  async function createRisk(cookie: string, body: Record<string, unknown> = RISK) {
    const response = await call(cookie, 'POST', '/api/risks', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  async function detail(cookie: string, riskId: string) {
    const response = await call(cookie, 'GET', `/api/risks/${riskId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RiskDetail>();
  }
  async function assess(cookie: string, ruleId: string, status: string) {
    const response = await call(cookie, 'PATCH', `/api/library/rules/${ruleId}/assessment`, {
      status,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('starts a risk not rated and unowned, and records only what the member set', async () => {
    const { manager } = await institution();
    const riskId = await createRisk(manager.cookie);
    const risk = await detail(manager.cookie, riskId);
    expect(risk).toMatchObject({
      number: 1,
      title: RISK.title,
      status: 'open',
      inherent: null,
      residual: null,
      ownerId: null,
      controlEffectiveness: 'not_assessed',
      suggestedResidual: null,
    });
    expect(risk.history).toHaveLength(1);
    expect(risk.history[0]).toMatchObject({ event: 'created', byName: expect.any(String) });
    expect(Object.keys(risk.history[0]!.changes).sort()).toEqual(
      ['area', 'description', 'productLine', 'status', 'title'].sort(),
    );
  });

  it('derives control effectiveness from the rules’ assessments and suggests the residual risk', async () => {
    const { admin, manager } = await institution();
    const riskId = await createRisk(manager.cookie, {
      ...RISK,
      inherentLikelihood: 4,
      inherentImpact: 5,
    });
    let risk = await detail(manager.cookie, riskId);
    expect(risk.inherent).toEqual({ likelihood: 4, impact: 5, score: 20, band: 'critical' });
    expect(risk.residual).toMatchObject({ likelihood: 4, impact: 5, source: 'suggested' });

    const control = await call(manager.cookie, 'POST', `/api/risks/${riskId}/controls`, {
      title: 'Loan Estimate timing report',
      ruleIds: ['TRID-LE-001', 'TRID-LE-002'],
    });
    expect(control.statusCode, control.body).toBe(201);
    risk = await detail(manager.cookie, riskId);
    expect(risk.controls[0]).toMatchObject({
      derivedEffectiveness: 'not_assessed',
      rules: [
        { id: 'TRID-LE-001', status: 'not_assessed' },
        { id: 'TRID-LE-002', status: 'not_assessed' },
      ],
    });

    // A non-compliant rule makes the control ineffective: no credit.
    await assess(admin.cookie, 'TRID-LE-001', 'non_compliant');
    risk = await detail(manager.cookie, riskId);
    expect(risk.controls[0]!.effectiveness).toBe('ineffective');
    expect(risk.residual).toMatchObject({ likelihood: 4, impact: 5, band: 'critical' });

    // Both compliant: effective, two likelihood levels off.
    await assess(admin.cookie, 'TRID-LE-001', 'compliant');
    await assess(admin.cookie, 'TRID-LE-002', 'compliant');
    risk = await detail(manager.cookie, riskId);
    expect(risk.controlEffectiveness).toBe('effective');
    expect(risk.suggestedResidual).toEqual({ likelihood: 2, impact: 5 });
    expect(risk.residual).toMatchObject({ likelihood: 2, impact: 5, score: 10, band: 'high' });

    // The list agrees with the detail.
    const list = await call(manager.cookie, 'GET', '/api/risks');
    expect(list.json<RiskListResponse>().items[0]).toMatchObject({
      id: riskId,
      residual: { score: 10, source: 'suggested' },
      controlCount: 1,
    });

    // A person may override the control's effectiveness, with a reason.
    const controlId = risk.controls[0]!.id;
    const noReason = await call(
      manager.cookie,
      'PUT',
      `/api/risks/${riskId}/controls/${controlId}`,
      {
        title: 'Loan Estimate timing report',
        ruleIds: ['TRID-LE-001', 'TRID-LE-002'],
        effectivenessOverride: 'partially_effective',
      },
    );
    expect(noReason.statusCode).toBe(400);
    const overridden = await call(
      manager.cookie,
      'PUT',
      `/api/risks/${riskId}/controls/${controlId}`,
      {
        title: 'Loan Estimate timing report',
        ruleIds: ['TRID-LE-001', 'TRID-LE-002'],
        effectivenessOverride: 'partially_effective',
        overrideReason: 'Testing found two late disclosures from the broker channel.',
      },
    );
    expect(overridden.statusCode, overridden.body).toBe(200);
    risk = await detail(manager.cookie, riskId);
    expect(risk.controls[0]).toMatchObject({
      derivedEffectiveness: 'effective',
      effectiveness: 'partially_effective',
    });
    expect(risk.residual).toMatchObject({ likelihood: 3, impact: 5 });
  });

  it('asks for a reason when the residual risk differs from the suggestion, and writes nothing without one', async () => {
    const { manager } = await institution();
    const riskId = await createRisk(manager.cookie, {
      ...RISK,
      inherentLikelihood: 3,
      inherentImpact: 3,
    });
    const before = await detail(manager.cookie, riskId);
    const refused = await call(manager.cookie, 'PATCH', `/api/risks/${riskId}`, {
      residualLikelihood: 1,
      residualImpact: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { path: '/residualReason', message: expect.stringContaining('reason') },
    ]);
    expect(await detail(manager.cookie, riskId)).toEqual(before);

    const set = await call(manager.cookie, 'PATCH', `/api/risks/${riskId}`, {
      residualLikelihood: 1,
      residualImpact: 2,
      residualReason: 'Every file is reviewed before closing by a second processor.',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<RiskDetail>().residual).toMatchObject({
      likelihood: 1,
      impact: 2,
      source: 'set',
    });
    expect(set.json<RiskDetail>().history[0]).toMatchObject({
      event: 'updated',
      changes: {
        residualLikelihood: { from: null, to: 1 },
        residualImpact: { from: null, to: 2 },
      },
    });
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const { manager } = await institution();
    for (const body of [
      { ...RISK, inherentLikelihood: 6, inherentImpact: 2 },
      { ...RISK, inherentLikelihood: 0, inherentImpact: 2 },
      { ...RISK, area: 'astrology' },
      { ...RISK, productLine: 'crypto' },
      { ...RISK, inherentLikelihood: 3 },
      { ...RISK, residualLikelihood: 2, residualImpact: 2, residualReason: 'Because.' },
      { ...RISK, ownerId: 'somebody-else' },
      { ...RISK, title: 'x' },
    ]) {
      const response = await call(manager.cookie, 'POST', '/api/risks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toEqual(expect.any(String));
    }
    const list = await call(manager.cookie, 'GET', '/api/risks');
    expect(list.json<RiskListResponse>().items).toEqual([]);

    const riskId = await createRisk(manager.cookie);
    const unknownRule = await call(manager.cookie, 'POST', `/api/risks/${riskId}/controls`, {
      title: 'A control',
      ruleIds: ['NOT-A-RULE-001'],
    });
    expect(unknownRule.statusCode).toBe(400);
    expect(unknownRule.json().error.code).toBe('unknown_rule');
    expect((await detail(manager.cookie, riskId)).controls).toEqual([]);
  });

  it('lets members read, managers edit, and only administrators accept or delete', async () => {
    const { admin, manager, user } = await institution();
    expect((await call(user.cookie, 'POST', '/api/risks', RISK)).statusCode).toBe(403);
    const riskId = await createRisk(manager.cookie);
    expect((await call(user.cookie, 'GET', `/api/risks/${riskId}`)).statusCode).toBe(200);
    expect(
      (await call(user.cookie, 'PATCH', `/api/risks/${riskId}`, { title: 'Renamed' })).statusCode,
    ).toBe(403);

    const expires = addDays(today, 180);
    const managerAccepts = await call(manager.cookie, 'PATCH', `/api/risks/${riskId}`, {
      status: 'accepted',
      acceptanceExpiresOn: expires,
    });
    expect(managerAccepts.statusCode).toBe(403);
    expect(managerAccepts.json().error.code).toBe('risk_accept_role');
    const noExpiry = await call(admin.cookie, 'PATCH', `/api/risks/${riskId}`, {
      status: 'accepted',
    });
    expect(noExpiry.statusCode).toBe(400);
    const accepted = await call(admin.cookie, 'PATCH', `/api/risks/${riskId}`, {
      status: 'accepted',
      acceptanceExpiresOn: expires,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<RiskDetail>()).toMatchObject({
      status: 'accepted',
      acceptedByName: expect.any(String),
      acceptanceExpiresOn: expires,
    });

    expect((await call(manager.cookie, 'DELETE', `/api/risks/${riskId}`)).statusCode).toBe(403);
    expect((await call(admin.cookie, 'DELETE', `/api/risks/${riskId}`)).statusCode).toBe(204);
    expect((await call(admin.cookie, 'GET', `/api/risks/${riskId}`)).statusCode).toBe(404);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, riskId), eq(auditLog.action, 'risk.deleted')));
    expect(audited).toHaveLength(1);
  });

  it('adopts starter risks once, not rated and unowned, with controls tied to library rules', async () => {
    const { manager } = await institution();
    const templates = await call(manager.cookie, 'GET', '/api/risks/templates');
    expect(templates.statusCode, templates.body).toBe(200);
    const offered = templates.json<RiskTemplateList>().templates;
    expect(offered.length).toBeGreaterThan(5);
    const keys = offered.slice(0, 3).map((template) => template.key);
    const adopt = () => call(manager.cookie, 'POST', '/api/risks/templates/adopt', { keys });
    const first = await adopt();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().adopted).toEqual(keys);
    expect((await adopt()).json().adopted).toEqual([]);

    const list = (await call(manager.cookie, 'GET', '/api/risks')).json<RiskListResponse>();
    expect(list.items).toHaveLength(3);
    for (const risk of list.items) {
      expect(risk).toMatchObject({ inherent: null, ownerId: null });
      expect(risk.controlCount).toBeGreaterThan(0);
      const full = await detail(manager.cookie, risk.id);
      for (const control of full.controls) expect(control.rules.length).toBeGreaterThan(0);
    }
    const after = (
      await call(manager.cookie, 'GET', '/api/risks/templates')
    ).json<RiskTemplateList>();
    expect(after.templates.filter((template) => template.adopted).map((t) => t.key)).toEqual(keys);

    const unknown = await call(manager.cookie, 'POST', '/api/risks/templates/adopt', {
      keys: ['no-such-template'],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('filters the register by area, status, owner and rating', async () => {
    const { manager } = await institution();
    const trid = await createRisk(manager.cookie, { ...RISK, ownerId: manager.userId });
    const bsa = await createRisk(manager.cookie, {
      title: 'Late SAR filing',
      area: 'bsa_aml',
      productLine: 'deposits',
      inherentLikelihood: 2,
      inherentImpact: 5,
    });
    const ids = async (query: string) =>
      (await call(manager.cookie, 'GET', `/api/risks?${query}`))
        .json<RiskListResponse>()
        .items.map((risk) => risk.id);
    expect(await ids('')).toEqual([bsa, trid]);
    expect(await ids('area=trid')).toEqual([trid]);
    expect(await ids('owner=me')).toEqual([trid]);
    expect(await ids('owner=none')).toEqual([bsa]);
    expect(await ids('notRated=true')).toEqual([trid]);
    expect(await ids('product=deposits')).toEqual([bsa]);
    expect(await ids('status=closed')).toEqual([]);
  });

  it('keeps risks and their controls inside the institution', async () => {
    const a = await institution();
    const b = await institution();
    const riskId = await createRisk(a.manager.cookie, {
      ...RISK,
      inherentLikelihood: 3,
      inherentImpact: 4,
    });
    const control = await call(a.manager.cookie, 'POST', `/api/risks/${riskId}/controls`, {
      title: 'Timing report',
      ruleIds: ['TRID-LE-001'],
    });
    const controlId = control.json<RiskDetail>().controls[0]!.id;
    const before = await detail(a.manager.cookie, riskId);

    const attempts = [
      call(b.admin.cookie, 'GET', `/api/risks/${riskId}`),
      call(b.admin.cookie, 'PATCH', `/api/risks/${riskId}`, { title: 'Taken over' }),
      call(b.admin.cookie, 'DELETE', `/api/risks/${riskId}`),
      call(b.admin.cookie, 'POST', `/api/risks/${riskId}/controls`, { title: 'Injected control' }),
      call(b.admin.cookie, 'PUT', `/api/risks/${riskId}/controls/${controlId}`, {
        title: 'Changed',
      }),
      call(b.admin.cookie, 'DELETE', `/api/risks/${riskId}/controls/${controlId}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(
      (await call(b.admin.cookie, 'GET', '/api/risks')).json<RiskListResponse>().items,
    ).toEqual([]);
    expect(await detail(a.manager.cookie, riskId)).toEqual(before);
    // Institution B's numbers start at 1: the register is per institution.
    const bRisk = await createRisk(b.manager.cookie);
    const [row] = await t.db.select().from(risks).where(eq(risks.id, bRisk));
    expect(row!.number).toBe(1);
  });

  it('needs the professional plan', async () => {
    const { manager } = await institution('basic');
    expect((await call(manager.cookie, 'GET', '/api/risks')).statusCode).toBe(403);
    expect((await call(manager.cookie, 'POST', '/api/risks', RISK)).statusCode).toBe(403);
  });
});
