import type { SelfCheckResponse } from '@complivue/shared/schemas/self-check';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { selfCheckQueryKey } from './api.ts';
import { SelfCheckPage } from './self-check-page.tsx';

const result: SelfCheckResponse = {
  checkedAt: '2026-11-22T14:05:07.000Z',
  summary: { pass: 1, warn: 1, fail: 1 },
  checks: [
    {
      id: 'jobs',
      group: 'platform',
      title: 'Background jobs running',
      status: 'fail',
      reason: 'The job runner has never started on this database.',
      details: [],
      fix: { label: 'Tell the platform operator', href: '/support' },
      durationMs: 3,
    },
    {
      id: 'institution-profile',
      group: 'institution',
      title: "Institution's profile complete",
      status: 'warn',
      reason: "The institution's profile is not complete.",
      details: ['Missing: regulation areas.'],
      fix: { label: "Complete the institution's profile", href: '/settings' },
      durationMs: 2,
    },
    {
      id: 'database',
      group: 'platform',
      title: 'Database reachable',
      status: 'pass',
      reason: 'The database answered in 1 ms.',
      details: [],
      fix: null,
      durationMs: 1,
    },
  ],
};

function render(): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(selfCheckQueryKey, result);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SelfCheckPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('self-check page', () => {
  it('shows each status as a word with an icon, the reason and where to fix it', () => {
    const html = render();
    const rows = [...html.matchAll(/<tr class="align-top" data-check="([^"]+)">(.*?)<\/tr>/g)];
    expect(rows.map((row) => row[1])).toEqual(['jobs', 'institution-profile', 'database']);
    const [jobs, profile, database] = rows.map((row) => row[2]!);
    expect(jobs).toMatch(/<svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>Fail/);
    expect(jobs).toContain('href="/support"');
    expect(profile).toContain('Warning');
    expect(profile).toContain('<li class="break-words">Missing: regulation areas.</li>');
    expect(profile).toContain('href="/settings"');
    expect(database).toContain('Pass');
    expect(database).toContain('Nothing to fix');
    expect(html).toContain('<h1 class="text-2xl font-bold text-slate-900">System self-check</h1>');
    // The hook always asks for a fresh run, so a cached result is shown while it runs again.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Running checks…<\/button>/);
    expect(html).toContain('dateTime="2026-11-22T14:05:07.000Z"');
    expect(html).toMatch(/1 failing<\/strong>/);
  });
});
