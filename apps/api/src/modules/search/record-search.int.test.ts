import { addDays, todayIn } from '@complivue/shared/calendar-days';
import type { RecordSearchResponse } from '@complivue/shared/schemas/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { multipartForm } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /api/search/records', () => {
  let t: TestApp;
  const kit = changeTestKit(() => t);
  const today = todayIn('America/New_York');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const find = async (cookie: string, q: string) => {
    const response = await kit.call(
      cookie,
      'GET',
      `/api/search/records?q=${encodeURIComponent(q)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RecordSearchResponse>();
  };
  const labels = (found: RecordSearchResponse, kind: string) =>
    found.groups.find((group) => group.kind === kind)?.items.map((item) => item.label) ?? [];
  const ok = async (cookie: string, method: 'POST', url: string, body: unknown) => {
    const response = await kit.call(cookie, method, url, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; number?: number }>();
  };

  it('finds the institution’s changes, deadlines, risks and tickets by words and by number', async () => {
    const { admin, manager } = await kit.institution('professional');
    const change = await kit.create(admin.cookie, {
      title: 'Escrow cushion recalculation',
      areas: ['respa'],
      summary: 'Quillfeather servicing platform update for 12 CFR 1024.17.',
    });
    await ok(admin.cookie, 'POST', '/api/calendar/events', {
      title: 'Quillfeather escrow analysis review',
      startsOn: addDays(today, 30),
      area: 'respa',
    });
    const risk = await ok(manager.cookie, 'POST', '/api/risks', {
      title: 'Quillfeather escrow shortages miscalculated',
      area: 'respa',
      productLine: 'mortgage_servicing',
    });
    const form = multipartForm({
      subject: 'Quillfeather escrow export question',
      category: 'technical',
      priority: 'normal',
      description: 'How do we export escrow analyses?',
    });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { cookie: admin.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);

    const found = await find(admin.cookie, 'quillfeather escrow');
    expect(found.groups.map((group) => group.kind)).toEqual([
      'change',
      'calendar_event',
      'risk',
      'support_ticket',
    ]);
    expect(labels(found, 'change')).toEqual([
      `CHG-${change.number} “Escrow cushion recalculation”`,
    ]);
    const changeItem = found.groups[0]!.items[0]!;
    expect(changeItem.path).toBe(`/change-management?change=${change.id}`);
    const [riskLabel] = labels(found, 'risk');
    expect(riskLabel).toMatch(/^RSK-\d+ “Quillfeather escrow shortages miscalculated”$/);
    expect(found.groups.find((group) => group.kind === 'risk')!.items[0]!.path).toBe(
      `/risk-scoring?risk=${risk.id}`,
    );
    expect(found.groups.find((group) => group.kind === 'calendar_event')!.items[0]!.path).toMatch(
      /^\/regulatory-calendar\?event=/,
    );

    // Every word must be found; the number people quote finds the record too.
    expect((await find(admin.cookie, 'quillfeather unicorn')).groups).toEqual([]);
    expect(labels(await find(admin.cookie, `CHG-${change.number}`), 'change')).toEqual([
      `CHG-${change.number} “Escrow cushion recalculation”`,
    ]);
    const riskNumber = riskLabel!.split(' ')[0]!;
    expect(labels(await find(admin.cookie, riskNumber), 'risk')).toEqual([riskLabel]);
    expect(labels(await find(admin.cookie, riskNumber), 'change')).toEqual([]);
    // LIKE's own characters are taken literally.
    expect((await find(admin.cookie, '%_%')).groups).toEqual([]);
  });

  it('never finds another institution’s records, nor a SAR deadline, nor another member’s ticket', async () => {
    const a = await kit.institution('professional');
    const b = await kit.institution('professional');
    await kit.create(a.admin.cookie, { title: 'Zanzibarite vendor review', areas: ['udaap'] });
    const sar = await kit.call(a.user.cookie, 'POST', '/api/calendar/deadlines/event-driven', {
      type: 'sar',
      triggerDate: addDays(today, -1),
      reference: 'Zanzibarite account',
    });
    expect(sar.statusCode, sar.body).toBe(201);

    expect((await find(b.admin.cookie, 'zanzibarite')).groups).toEqual([]);
    // The SAR deadline is found by no one, not even the administrator who may open it.
    const own = await find(a.admin.cookie, 'zanzibarite');
    expect(own.groups.map((group) => group.kind)).toEqual(['change']);

    const form = multipartForm({
      subject: 'Zanzibarite ticket of the manager',
      category: 'technical',
      priority: 'normal',
      description: 'A question about the vendor review export.',
    });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: { cookie: a.manager.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    // A member sees their own tickets only; an administrator sees the institution's.
    expect(labels(await find(a.user.cookie, 'zanzibarite ticket'), 'support_ticket')).toEqual([]);
    expect(labels(await find(a.admin.cookie, 'zanzibarite ticket'), 'support_ticket')).toHaveLength(
      1,
    );
  });

  it('searches only the kinds of record the plan opens', async () => {
    const professional = await kit.institution('professional');
    await kit.create(professional.admin.cookie, { title: 'Glimmerfen notice redesign' });
    expect(labels(await find(professional.admin.cookie, 'glimmerfen'), 'change')).toHaveLength(1);

    // A change kept from a Professional plan before a downgrade to Basic, which does not open
    // Change Management: not found.
    const { admin, companyId } = await kit.institution('basic');
    await t.db.execute(sql`INSERT INTO change_items (company_id, number, title, source)
      VALUES (${companyId}, 1, 'Glimmerfen kept from before', 'manual')`);
    expect((await find(admin.cookie, 'glimmerfen')).groups).toEqual([]);
  });
});
