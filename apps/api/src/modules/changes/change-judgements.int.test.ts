import { todayIn } from '@complivue/shared/calendar-days';
import { CHANGE_MESSAGES, type ChangeDetail } from '@complivue/shared/schemas/changes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedItem, insertFeedSource, setCompanyPlan } from '../../../test/feed-items.ts';
import { signUpThroughApi } from '../../../test/http.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * A compliance judgement (risk, due date) is made by a person, never by a default or a side
 * effect, and the history records only what a person did (DESIGN.md, "Screens for people who
 * answer to examiners", rule 5). A change started from a feed item is a draft the member
 * confirms: GET /api/changes/draft shows what the item would fill in.
 */
describe('change judgements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A professional institution's administrator and a shared feed item from last year. */
  async function institutionWithFeedItem() {
    const admin = await signUpThroughApi(t.app);
    const companyId = admin.body.session.company.id as string;
    await setCompanyPlan(t.db, companyId, 'professional');
    const sourceId = await insertFeedSource(t.db);
    const feedItemId = await insertFeedItem(t.db, {
      sourceIds: [sourceId],
      title: 'Truth in Lending (Regulation Z) annual threshold adjustments',
      summary: 'The Bureau adjusts the thresholds of 12 CFR 1026.32 and 1026.43.',
      documentType: 'final_rule',
      areas: ['qm_atr', 'trid'],
      effectiveDate: '2026-01-01',
    });
    return { cookie: admin.cookie, companyId, feedItemId };
  }

  it('starts a change from a feed item unrated, without a due date, and not overdue', async () => {
    const { cookie, feedItemId } = await institutionWithFeedItem();
    const draft = await call(cookie, 'GET', `/api/changes/draft?feedItemId=${feedItemId}`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      feedItemId,
      title: 'Truth in Lending (Regulation Z) annual threshold adjustments',
      areas: ['qm_atr', 'trid'],
      effectiveDate: '2026-01-01',
      existingChangeId: null,
    });
    expect(draft.json()).not.toHaveProperty('riskRating');

    const created = await call(cookie, 'POST', '/api/changes', { feedItemId });
    expect(created.statusCode, created.body).toBe(201);
    const change = created.json<ChangeDetail>();
    expect(change).toMatchObject({ riskRating: null, dueDate: null, overdue: false });
    // The history names what the member did, and no rating nobody made.
    expect(Object.keys(change.history[0]!.changes)).not.toContain('riskRating');
    expect(Object.keys(change.history[0]!.changes)).not.toContain('dueDate');

    const again = await call(cookie, 'GET', `/api/changes/draft?feedItemId=${feedItemId}`);
    expect(again.json().existingChangeId).toBe(change.id);
    const unrated = await call(cookie, 'GET', '/api/changes?risk=not_rated');
    expect(unrated.json().items.map((item: { id: string }) => item.id)).toEqual([change.id]);
  });

  it('creates the draft as the member confirmed it, with their rating and due date', async () => {
    const { cookie, feedItemId } = await institutionWithFeedItem();
    const response = await call(cookie, 'POST', '/api/changes', {
      feedItemId,
      title: 'Annual threshold adjustments for QM and HOEPA',
      riskRating: 'high',
      dueDate: '2099-03-31',
    });
    expect(response.statusCode, response.body).toBe(201);
    const change = response.json<ChangeDetail>();
    expect(change).toMatchObject({
      source: 'feed',
      title: 'Annual threshold adjustments for QM and HOEPA',
      areas: ['qm_atr', 'trid'],
      riskRating: 'high',
      dueDate: '2099-03-31',
    });
    expect(change.history[0]!.changes).toMatchObject({
      riskRating: { from: null, to: 'high' },
      dueDate: { from: null, to: '2099-03-31' },
    });
  });

  it('refuses a due date before today on the change and on its tasks, beside the field', async () => {
    const { cookie } = await institutionWithFeedItem();
    const today = todayIn(null);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const refused = await call(cookie, 'POST', '/api/changes', {
      title: 'Escrow analysis procedure update',
      dueDate: '2020-01-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'dueDate', message: CHANGE_MESSAGES.due_date_past }],
    });

    const created = await call(cookie, 'POST', '/api/changes', {
      title: 'Escrow analysis procedure update',
      dueDate: today,
    });
    expect(created.statusCode, created.body).toBe(201);
    const changeId = created.json<ChangeDetail>().id;
    const moved = await call(cookie, 'PATCH', `/api/changes/${changeId}`, { dueDate: yesterday });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(CHANGE_MESSAGES.due_date_past);
    const task = await call(cookie, 'POST', `/api/changes/${changeId}/tasks`, {
      title: 'Update the escrow procedure',
      dueDate: yesterday,
    });
    expect(task.statusCode).toBe(400);
    expect(task.json().error.message).toBe(CHANGE_MESSAGES.due_date_past);
    const unchanged = await call(cookie, 'GET', `/api/changes/${changeId}`);
    expect(unchanged.json()).toMatchObject({ dueDate: today, tasks: [] });
  });

  it('refuses the draft of a feed item the institution cannot see', async () => {
    const { cookie } = await institutionWithFeedItem();
    const other = await signUpThroughApi(t.app);
    const privateSource = await insertFeedSource(t.db, {
      companyId: other.body.session.company.id as string,
    });
    const privateItem = await insertFeedItem(t.db, {
      sourceIds: [privateSource],
      title: 'State bulletin 7',
    });
    const draft = await call(cookie, 'GET', `/api/changes/draft?feedItemId=${privateItem}`);
    expect(draft.statusCode).toBe(404);
    expect(draft.json().error.message).toBe(CHANGE_MESSAGES.feed_item_not_found);
  });
});
