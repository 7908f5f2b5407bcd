import type { RegulationArea } from '@complivue/shared/regulation-areas';
import type {
  CalendarEvent,
  CalendarEventList,
  OccurrencesResponse,
} from '@complivue/shared/schemas/calendar';
import { expect } from 'vitest';
import { callAs, signedInMember, signUpThroughApi } from './http.ts';
import type { TestApp } from './test-app.ts';

/*
 * What the regulatory calendar tests share: each test sets up its own institution and events
 * through these, so that one failing test does not take the others' setup with it.
 */

/** The helpers, bound to the file's test app (created in its `beforeAll`). */
export function calendarTestKit(app: () => TestApp) {
  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => callAs(app().app, cookie, method, url, payload);

  /** Changes the profile the way the administrator does, so the seeded deadlines follow it. */
  const setProfile = async (
    adminCookie: string,
    profile: { institutionType?: string; regulationAreas?: RegulationArea[] },
  ) => {
    const response = await call(adminCookie, 'PATCH', '/api/company', profile);
    expect(response.statusCode, response.body).toBe(200);
  };

  /** An institution with a complete profile, its administrator and a member. */
  async function institution(
    institutionType:
      'credit_union' | 'community_bank' | 'mortgage_company' | 'other' = 'credit_union',
  ) {
    const t = app();
    const admin = await signUpThroughApi(t.app, { institutionType });
    const companyId = admin.body.session.company.id as string;
    await setProfile(admin.cookie, {
      institutionType,
      regulationAreas: ['hmda', 'bsa_aml', 'cra', 'trid', 'fair_lending'],
    });
    const user = await signedInMember(t.app, { companyId, role: 'user' });
    const manager = await signedInMember(t.app, { companyId, role: 'manager' });
    return { admin, adminId: admin.body.session.user.id as string, companyId, user, manager };
  }

  const occurrences = async (cookie: string, from: string, to: string) => {
    const response = await call(cookie, 'GET', `/api/calendar/occurrences?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OccurrencesResponse;
  };
  const eventList = async (cookie: string) => {
    const response = await call(cookie, 'GET', '/api/calendar/events');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CalendarEventList;
  };
  const events = async (cookie: string) => (await eventList(cookie)).events;
  const createEvent = async (cookie: string, body: Record<string, unknown>) => {
    const response = await call(cookie, 'POST', '/api/calendar/events', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CalendarEvent;
  };
  const dashboardDeadlines = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/dashboard')).json().deadlines as {
      tracked: boolean;
      next30Days: number;
    };

  return {
    call,
    setProfile,
    institution,
    occurrences,
    eventList,
    events,
    createEvent,
    dashboardDeadlines,
  };
}
