// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '../../../test/render.tsx';
import { BarChart } from './bar-chart.tsx';
import { ChartFigure } from './chart-figure.tsx';

const data = {
  columns: ['Month', 'Closed'],
  rows: [
    ['Oct 2026', 2],
    ['Nov 2026', 0],
  ],
  links: ['/change-management?closedFrom=2026-10-01&closedTo=2026-10-31', null],
};

function Chart({ empty }: { empty?: string }) {
  return (
    <ChartFigure
      title="Changes closed by month"
      description="Closed in Q4 2026."
      data={data}
      csvName="changes.csv"
      records={{ to: '/change-management', label: 'Open the changes' }}
      empty={empty}
    >
      <BarChart
        label="Changes closed by month, Q4 2026"
        categories={['Oct 2026', 'Nov 2026']}
        series={[
          {
            key: 'closed',
            label: 'Closed',
            fill: 'fill-emerald-600',
            swatch: 'bg-emerald-600',
            values: [2, 0],
            links: data.links,
          },
        ]}
      />
    </ChartFigure>
  );
}

describe('ChartFigure', () => {
  it('gives the chart its figures as a table whose rows open their records, and bars that are links', async () => {
    const { user } = renderComponent(<Chart />);
    const chart = screen.getByRole('group', { name: 'Changes closed by month, Q4 2026' });
    // A bar with records is a named link; an empty bar is not.
    expect(
      within(chart)
        .getByRole('link', { name: 'Oct 2026, closed: 2 — open these records' })
        .getAttribute('href'),
    ).toBe(data.links[0]);
    expect(within(chart).queryAllByRole('link')).toHaveLength(1);

    await user.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Changes closed by month' });
    expect(within(table).getByRole('link', { name: 'Oct 2026' }).getAttribute('href')).toBe(
      data.links[0],
    );
    expect(within(table).getByRole('rowheader', { name: 'Nov 2026' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the changes' }).getAttribute('href')).toBe(
      '/change-management',
    );
  });

  it('downloads the same figures as CSV', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:chart';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const { user } = renderComponent(<Chart />);
    await user.click(
      screen.getByRole('button', { name: 'Download CSV of Changes closed by month' }),
    );
    expect(await created[0]!.text()).toBe('Month,Closed\r\nOct 2026,2\r\nNov 2026,0\r\n');
    vi.unstubAllGlobals();
  });

  it('explains what will appear instead of drawing an empty chart', () => {
    renderComponent(<Chart empty="No change was closed in Q4 2026." />);
    expect(screen.getByText('No change was closed in Q4 2026.')).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).toBeNull();
  });
});
