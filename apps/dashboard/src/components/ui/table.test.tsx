import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './table.tsx';
import type { Column } from './table.tsx';

interface Server {
  id: string;
  name: string;
  port: number;
}

const servers: Server[] = [
  { id: 'a', name: 'Survival', port: 25565 },
  { id: 'b', name: 'Creative', port: 25566 },
];

const columns: Column<Server>[] = [
  { header: 'Name', cell: (s) => s.name, rowHeader: true, sort: 'ascending' },
  { header: 'Port', cell: (s) => String(s.port), className: 'font-mono' },
  { header: 'Icon', hideHeader: true, cell: () => '*' },
  { actions: true, cell: (s) => <button type="button">Start {s.name}</button> },
];

/** The text of each body row's cells, in order. */
const cellTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('DataTable', () => {
  it('draws one header per column and one cell per column in each row, in order', () => {
    render(<DataTable label="Servers" columns={columns} rows={servers} rowKey={(s) => s.id} />);
    const table = screen.getByRole('table', { name: 'Servers' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Port', 'Icon', 'Actions']);
    expect(headers[0]).toHaveAttribute('aria-sort', 'ascending');
    expect(cellTexts()).toEqual([
      ['Survival', '25565', '*', 'Start Survival'],
      ['Creative', '25566', '*', 'Start Creative'],
    ]);
    expect(screen.getByRole('rowheader', { name: 'Creative' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '25566' })).toHaveClass('font-mono');
  });

  it('keeps a hidden header and the actions header for screen readers only', () => {
    render(<DataTable columns={columns} rows={servers} rowKey={(s) => s.id} />);
    const icon = screen.getByRole('columnheader', { name: 'Icon' });
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    expect(icon.firstElementChild).toHaveClass('sr-only');
    expect(actions.firstElementChild).toHaveClass('sr-only');
    expect(screen.getByRole('columnheader', { name: 'Port' }).firstElementChild).toBeNull();
  });

  it('skips columns given as false and adds row attributes and classes', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn<(id: string) => void>();
    render(
      <DataTable
        columns={[columns[0], false, null, columns[1]]}
        rows={servers}
        rowKey={(s) => s.id}
        cellClassName="px-3"
        rowClassName="border-b"
        rowProps={(s) => ({
          'aria-label': s.name,
          'aria-selected': s.id === 'b',
          className: 'hover:bg-hover',
          onClick: () => onClick(s.id),
        })}
      />,
    );
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
    expect(cellTexts()).toEqual([
      ['Survival', '25565'],
      ['Creative', '25566'],
    ]);
    const row = screen.getByRole('row', { name: 'Creative' });
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(row).toHaveClass('border-b', 'hover:bg-hover');
    expect(within(row).getByRole('cell', { name: '25566' })).toHaveClass('px-3', 'font-mono');
    await user.click(row);
    expect(onClick).toHaveBeenCalledWith('b');
  });

  it('shows the empty state across every column when there are no rows, and only then', () => {
    const { rerender } = render(
      <DataTable columns={columns} rows={[]} rowKey={(s) => s.id} empty="No servers" />,
    );
    expect(screen.getByRole('cell', { name: 'No servers' })).toHaveAttribute('colspan', '4');
    rerender(
      <DataTable columns={columns} rows={servers} rowKey={(s) => s.id} empty="No servers" />,
    );
    expect(screen.queryByText('No servers')).toBeNull();
    rerender(<DataTable columns={columns} rows={[]} rowKey={(s) => s.id} />);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('names the table by its caption', () => {
    render(<DataTable caption="Fleet" columns={columns} rows={servers} rowKey={(s) => s.id} />);
    expect(screen.getByRole('table', { name: 'Fleet' })).toBeInTheDocument();
  });
});
