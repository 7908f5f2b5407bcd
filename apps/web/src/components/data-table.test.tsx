// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../../test/render.tsx';
import { DataTable } from './data-table.tsx';

const members = [
  { id: 1, name: 'Ada Officer', role: 'Administrator' },
  { id: 2, name: 'Ben Analyst', role: 'Member' },
];

describe('DataTable', () => {
  it('names the table, its columns, and each row by its first column', () => {
    renderComponent(
      <DataTable
        caption="Team members"
        rows={members}
        rowKey={(member) => member.id}
        columns={[
          { header: 'Name', cell: (member) => member.name },
          { header: 'Role', cell: (member) => member.role },
          { header: 'Actions', hideHeader: true, cell: () => <button>Remove</button> },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Team members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Role', 'Actions']);
    const row = within(table).getByRole('row', { name: /Ben Analyst/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('Ben Analyst');
    expect(within(row).getByRole('cell', { name: 'Member' })).toBeTruthy();
    // The scrolling region is reachable by keyboard and says what it holds.
    expect(screen.getByRole('region', { name: 'Team members' }).tabIndex).toBe(0);
  });
});
