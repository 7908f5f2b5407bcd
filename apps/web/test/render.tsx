import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';

/**
 * Component tests (`*.test.tsx` with `// @vitest-environment happy-dom`): the component as a
 * person uses it, through Testing Library, inside the providers the app gives it. The API is
 * the one thing answered here, at the network boundary (`answerApi`); what the server does is
 * the API tests' business.
 */
export function renderComponent(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient, ...view };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the web app's `fetch` calls with `answer(call)` (a status and a JSON body) and keeps
 * every call, so a test can assert what was sent, and that nothing was sent.
 */
export function answerApi(answer: (call: ApiCall) => { status?: number; body: unknown }) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
