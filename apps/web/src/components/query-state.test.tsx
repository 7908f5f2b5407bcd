import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryState } from './query-state.tsx';

const render = (query: Parameters<typeof QueryState<string[]>>[0]['query']) =>
  renderToStaticMarkup(
    <QueryState
      query={query}
      loading="Loading the outbox"
      isEmpty={(items) => items.length === 0}
      empty={<p>No email yet.</p>}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('names what is loading, shows the server’s message on failure, the empty text, else the data', () => {
    expect(render({ isPending: true, isError: false, error: null, data: undefined })).toContain(
      'Loading the outbox',
    );
    expect(
      render({
        isPending: false,
        isError: true,
        error: new Error('The outbox is closed.'),
        data: undefined,
      }),
    ).toContain('The outbox is closed.');
    expect(render({ isPending: false, isError: false, error: null, data: [] })).toContain(
      'No email yet.',
    );
    expect(
      render({ isPending: false, isError: false, error: null, data: ['Reset your password'] }),
    ).toBe('<ul><li>Reset your password</li></ul>');
  });
});
