import { CHANGE_CSV_COLUMNS } from '@complivue/shared/schemas/changes';
import { mentionToken } from '@complivue/shared/schemas/collaboration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_CHANGE as MANUAL, changeTestKit } from '../../../test/changes.ts';
import { embeddedFontNames, pdfText } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('change management: the CSV export and the PDF record', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const { call, institution, create } = changeTestKit(() => t);

  it('exports the filtered list as CSV and a change as a PDF record', async () => {
    const a = await institution();
    const change = await create(a.user.cookie, {
      ...MANUAL,
      title: '=HYPERLINK("http://evil.example")',
    });
    await create(a.user.cookie, { title: 'Second change', riskRating: 'low' });
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
      body: `Looks right ${mentionToken('Casey Manager', a.manager.userId)}`,
    });

    const csv = await call(a.user.cookie, 'GET', '/api/changes/export.csv?risk=high');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(CHANGE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      'CHG-1,"\'=HYPERLINK(""http://evil.example"")",Identified,High,HMDA,Manual,2027-01-01,2099-06-30,No,Casey Member,0,0,HMDA policy',
    );
    const all = await call(a.user.cookie, 'GET', '/api/changes/export.csv');
    expect(all.body.trim().split('\n')).toHaveLength(3);

    // Text beyond Windows-1252, which a standard PDF font cannot draw.
    await call(a.user.cookie, 'POST', `/api/changes/${change.id}/comments`, {
      body: 'DTI ≥ 43 % at the Łódź branch; 12 CFR § 1026.43(c) → see the memo',
    });
    const moved = await call(a.user.cookie, 'POST', `/api/changes/${change.id}/transition`, {
      to: 'assessing',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const pdf = await call(a.user.cookie, 'GET', `/api/changes/${change.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('CHG-1-');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Regulatory change record');
    expect(text).toContain('Impact assessment');
    expect(text).toContain('HMDA policy');
    expect(text).toContain('Looks right @Casey Manager');
    // The history reads as sentences, and user text outside Windows-1252 survives intact.
    expect(text).toContain('moved the change from Identified to Assessing');
    expect(text).toContain('DTI ≥ 43 % at the Łódź branch; 12 CFR § 1026.43(c) → see the memo');
    expect(text).not.toContain('\uFFFD');
    expect(embeddedFontNames(pdf.rawPayload)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(pdf.rawPayload.includes('/FontFile2')).toBe(true);
    expect(pdf.rawPayload.includes('/Helvetica')).toBe(false);
  });
});
