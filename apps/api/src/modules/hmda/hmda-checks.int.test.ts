import { readFileSync } from 'node:fs';
import { auditLog } from '@complivue/db/schema/audit';
import { changeItems } from '@complivue/db/schema/changes';
import { hmdaChecks } from '@complivue/db/schema/hmda';
import type { HmdaCheck } from '@complivue/shared/schemas/hmda';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeTestKit } from '../../../test/changes.ts';
import { multipartForm } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The CFPB's own test files (cfpb/hmda-platform and hmda-frontend; see the README beside them). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/hmda/${name}`, import.meta.url));
const CLEAN_2025 = fixture('lar-2025-annual-clean-bank0-100rows.txt');
const CLEAN_2026_Q1 = fixture('lar-2026-q1-clean-bank1-100rows.txt');
const V720_2024 = fixture('lar-2024-annual-validity-V720-1-bank1-2rows.txt');
const FORMAT_ERRORS_2018 = fixture('lar-2018-annual-format-errors-ffvt-10rows.txt');

const MUST_FIX = new Set(['syntactical', 'validity']);

describe('HMDA checks API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { call, institution } = changeTestKit(() => t);

  function upload(cookie: string, data: Buffer, fileName = 'lar.txt', query = '') {
    const form = multipartForm({}, [{ fileName, contentType: 'text/plain', data }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/hmda/checks${query}`,
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
  }

  async function check(cookie: string, data: Buffer, fileName?: string, query?: string) {
    const response = await upload(cookie, data, fileName, query);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<HmdaCheck>();
  }

  it('finds no syntactical or validity edit in the CFPB’s clean 2025 annual file', async () => {
    const { user } = await institution('basic');
    const result = await check(user.cookie, CLEAN_2025, 'bank0-2025.txt');
    expect(result.formatErrors).toEqual([]);
    expect(result).toMatchObject({ year: 2025, period: 'annual', larCount: 100 });
    expect(result.edits.filter((edit) => MUST_FIX.has(edit.category))).toEqual([]);
    expect(result.lei).toBe('B90YWS6AFX2LGWOXJ1LD');
    expect(result.notChecked.map((item) => item.id)).toEqual(
      expect.arrayContaining(['V625-2', 'V626', 'V627', 'Q603']),
    );
  });

  it('checks the raw text of the clean 2026 first-quarter file as a quarterly filing', async () => {
    const { user } = await institution('basic');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/hmda/checks',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      payload: CLEAN_2026_Q1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<HmdaCheck>();
    expect(result).toMatchObject({ year: 2026, period: 'Q1', larCount: 100 });
    expect(result.edits.filter((edit) => MUST_FIX.has(edit.category))).toEqual([]);
  });

  it('reports V720-1 on row 2 of its test file, with the row’s values', async () => {
    const { user } = await institution('basic');
    const result = await check(user.cookie, V720_2024);
    const v720 = result.edits.find((edit) => edit.id === 'V720-1');
    expect(v720).toMatchObject({ category: 'validity', rows: [2], rowCount: 1 });
    expect(v720!.description).toContain('Credit Score');
    expect(v720!.examples[0]!.values.map((value) => value.value)).toContain('270');
    expect(result.status).toBe('must_fix');
  });

  it('reports exactly the two format errors of the CFPB’s format test file, and no edit', async () => {
    const { user } = await institution('basic');
    const result = await check(user.cookie, FORMAT_ERRORS_2018);
    expect(result.formatErrors.map((error) => error.row)).toEqual([1, 11]);
    expect(result.formatErrors[0]).toMatchObject({
      field: 'Federal Agency',
      value: 'taco',
      validValues: 'Integer',
    });
    expect(result.formatErrors[1]).toMatchObject({
      field: 'Incorrect Number of LAR Fields',
      value: '109',
      validValues: '110 Fields',
    });
    expect(result.edits).toEqual([]);
    expect(result.status).toBe('format_errors');
  });

  it('refuses what is not a HMDA file, and stores nothing', async () => {
    const { user, companyId } = await institution('basic');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
    const refusals = [
      await upload(user.cookie, pdf, 'lar.pdf'),
      await upload(user.cookie, pdf, 'lar.txt'),
      await upload(user.cookie, Buffer.from('a,b,c\n1,2,3\n'), 'lar.csv'),
      await upload(user.cookie, Buffer.from([0x00, 0x01, 0x02, 0xff]), 'lar.txt'),
      await t.app.inject({
        method: 'POST',
        url: '/api/hmda/checks',
        headers: { cookie: user.cookie, 'content-type': 'text/plain' },
        payload: '',
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().error.message).toMatch(/HMDA|file/);
    }
    const year2019 = await upload(
      user.cookie,
      Buffer.from(CLEAN_2025.toString('utf8').replace('|2025|4|', '|2019|4|')),
    );
    expect(year2019.statusCode).toBe(400);
    expect(year2019.json().error.message).toContain('2019');
    const unknownYear = await upload(user.cookie, CLEAN_2025, 'lar.txt', '?year=2030');
    expect(unknownYear.statusCode).toBe(400);
    const stored = await t.db.select().from(hmdaChecks).where(eq(hmdaChecks.companyId, companyId));
    expect(stored).toEqual([]);

    const textYear = await check(
      user.cookie,
      Buffer.from(CLEAN_2025.toString('utf8').replace('|2025|4|', '|twenty|4|')),
    );
    expect(textYear.formatErrors).toMatchObject([{ row: 1, field: 'Calendar Year' }]);
  });

  it('lets a manager verify a quality edit with a reason, never a validity edit, and not a user', async () => {
    const { user, manager } = await institution('basic');
    // One loan of the clean file, made a subordinate lien of $300,000: Q607 (a second lien
    // above $250,000) is unusual, not wrong, so it is verified rather than fixed.
    const [ts, lar] = CLEAN_2025.toString('utf8').split('\n');
    const tsOneRow = ts!.replace('|9|100|', '|9|1|');
    const values = lar!.split('|');
    values[9] = '300000';
    values[60] = '2';
    const result = await check(user.cookie, Buffer.from(`${tsOneRow}\n${values.join('|')}\n`));
    const quality = result.edits.find((edit) => edit.id === 'Q607')!;
    expect(quality).toMatchObject({ category: 'quality', rows: [2] });
    const url = (editId: string) => `/api/hmda/checks/${result.id}/edits/${editId}/verification`;
    const reason = { reason: 'Confirmed against the note: a $300,000 home equity second lien.' };
    expect((await call(user.cookie, 'PUT', url('Q607'), reason)).statusCode).toBe(403);
    expect((await call(manager.cookie, 'PUT', url('Q607'), { reason: 'short' })).statusCode).toBe(
      400,
    );
    const validity = result.edits.find((edit) => edit.category === 'validity');
    if (validity) {
      expect((await call(manager.cookie, 'PUT', url(validity.id), reason)).statusCode).toBe(400);
    }
    const verified = await call(manager.cookie, 'PUT', url('Q607'), reason);
    expect(verified.statusCode, verified.body).toBe(200);
    const body = verified.json<HmdaCheck>();
    expect(body.edits.find((item) => item.id === 'Q607')!.verification).toMatchObject(reason);
    expect(body.unverifiedCount).toBe(
      body.edits.filter((edit) => edit.category === 'quality' || edit.category === 'macro').length -
        1,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hmda_edit.verified'), eq(auditLog.targetId, result.id)));
    expect(audit).toBeDefined();
  });

  it('refuses to verify a validity edit', async () => {
    const { manager } = await institution('basic');
    const result = await check(manager.cookie, V720_2024);
    const refused = await call(
      manager.cookie,
      'PUT',
      `/api/hmda/checks/${result.id}/edits/V720-1/verification`,
      { reason: 'Accurate as reported by the branch.' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('cannot be verified');
  });

  it('exports every finding as CSV and the summary as PDF', async () => {
    const { user } = await institution('basic');
    const result = await check(user.cookie, V720_2024, 'bank1 2024.txt');
    const csv = await call(user.cookie, 'GET', `/api/hmda/checks/${result.id}/findings.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Edit,Category,Row,ULI');
    expect(lines.some((line) => line.startsWith('V720-1,Validity,2,'))).toBe(true);
    expect(csv.body).toContain('Credit Score of Applicant or Borrower: 270');
    const pdf = await call(user.cookie, 'GET', `/api/hmda/checks/${result.id}/summary.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = await call(user.cookie, 'GET', `/api/hmda/checks/${result.id}/file`);
    expect(file.rawPayload.equals(V720_2024)).toBe(true);
  });

  it('opens a change from a failed edit, and shows progress from upload to upload', async () => {
    const { user, companyId } = await institution('professional');
    const first = await check(user.cookie, V720_2024);
    const opened = await call(
      user.cookie,
      'POST',
      `/api/hmda/checks/${first.id}/edits/V720-1/change`,
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const [change] = await t.db
      .select()
      .from(changeItems)
      .where(and(eq(changeItems.id, opened.json().changeId), eq(changeItems.companyId, companyId)));
    expect(change).toMatchObject({ title: 'HMDA edit V720-1: lar.txt', areas: ['hmda'] });
    expect(change!.riskRating).toBeNull();

    const fixed = Buffer.from(V720_2024.toString('utf8').replace('|270|', '|700|'));
    const second = await check(user.cookie, fixed);
    expect(second.edits.map((edit) => edit.id)).not.toContain('V720-1');
    expect(second.progress).toMatchObject({ previousId: first.id });
    expect(second.progress!.fixed).toContain('V720-1');

    const list = await call(user.cookie, 'GET', '/api/hmda/checks');
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
  });

  it('keeps each institution’s checks to itself', async () => {
    const owner = await institution('professional');
    const other = await institution('professional');
    const result = await check(owner.user.cookie, V720_2024);
    for (const [method, url] of [
      ['GET', `/api/hmda/checks/${result.id}`],
      ['GET', `/api/hmda/checks/${result.id}/findings.csv`],
      ['GET', `/api/hmda/checks/${result.id}/summary.pdf`],
      ['GET', `/api/hmda/checks/${result.id}/file`],
      ['POST', `/api/hmda/checks/${result.id}/edits/V720-1/change`],
    ] as const) {
      expect((await call(other.admin.cookie, method, url)).statusCode).toBe(404);
    }
    const verify = await call(
      other.admin.cookie,
      'PUT',
      `/api/hmda/checks/${result.id}/edits/V720-1/verification`,
      { reason: 'Accurate as reported by the branch.' },
    );
    expect(verify.statusCode).toBe(404);
    const list = await call(other.admin.cookie, 'GET', '/api/hmda/checks');
    expect(list.json().items).toEqual([]);
  });
});
