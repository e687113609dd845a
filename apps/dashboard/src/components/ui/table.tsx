import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { cn } from '@/lib/cn.ts';

/**
 * The box a wide table scrolls sideways in. `relative` makes it the containing block of anything
 * absolutely positioned inside — a `sr-only` header above all — so that cannot widen the page
 * past the screen (a phone then scrolls the whole page sideways and zooms dialogs off-screen).
 */
export function TableFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('relative overflow-x-auto rounded-lg border border-line bg-panel', className)}
    >
      {children}
    </div>
  );
}

/** One column of a {@link DataTable}: its header and how a row fills its cell. */
export interface Column<Row> {
  /** The header cell's content (a `<Trans>`: every header text goes through Lingui). */
  header?: ReactNode;
  /** Keep the header for screen readers only: a column whose cells say what they are. */
  hideHeader?: boolean;
  /** A row-actions column: its header is the word "Actions", for screen readers only. */
  actions?: boolean;
  cell: (row: Row) => ReactNode;
  /** Added to the table's `cellClassName` on this column's body cells. */
  className?: string;
  /** Added to the table's `headerCellClassName` on this column's header cell. */
  headerClassName?: string;
  /** The cell names its row (`<th scope="row">`), for a table read row by row. */
  rowHeader?: boolean;
  /** `aria-sort` of a column the rows are sorted by. */
  sort?: 'ascending' | 'descending';
}

export interface DataTableProps<Row> {
  /** `false`/`null` entries are skipped, for a column only some callers have. */
  columns: readonly (Column<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The table's accessible name. */
  label?: string;
  /** A visible caption; use `label` for a name read only by screen readers. */
  caption?: ReactNode;
  /** Of the `<table>`; replaces the default `w-full text-sm`. */
  className?: string;
  headClassName?: string;
  headerCellClassName?: string;
  bodyClassName?: string;
  /** Every body cell's classes; a column adds its own. */
  cellClassName?: string;
  rowClassName?: string;
  /** Per-row attributes: an accessible name, `aria-selected`, a click handler… */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
  /** Shown in one full-width cell when there are no rows; nothing is drawn for `undefined`. */
  empty?: ReactNode;
  emptyClassName?: string;
}

/**
 * A table whose columns are data (dashboard features list schedules, backups, tunnels, players,
 * deliveries and macros with it). Header cells are `<th scope="col">` in a `<thead>`, so a test
 * or a screen reader finds each cell by its column. The table draws no box: wrap it in
 * {@link TableFrame} (or the feature's own box) to scroll sideways on a phone.
 */
export function DataTable<Row>({
  columns: given,
  rows,
  rowKey,
  label,
  caption,
  className = 'w-full text-sm',
  headClassName,
  headerCellClassName,
  bodyClassName,
  cellClassName,
  rowClassName,
  rowProps,
  empty,
  emptyClassName,
}: DataTableProps<Row>) {
  // A table's columns are fixed, so a column's position is its key.
  const columns = given.filter((column): column is Column<Row> => Boolean(column));
  return (
    <table aria-label={label} className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              aria-sort={column.sort}
              className={cn(headerCellClassName, column.headerClassName) || undefined}
            >
              {column.actions || column.hideHeader ? (
                <span className="sr-only">
                  {column.actions ? <Trans>Actions</Trans> : column.header}
                </span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={bodyClassName}>
        {rows.map((row) => {
          const props = rowProps?.(row);
          return (
            <tr
              key={rowKey(row)}
              {...props}
              className={cn(rowClassName, props?.className) || undefined}
            >
              {columns.map((column, index) => {
                const classes = cn(cellClassName, column.className) || undefined;
                return column.rowHeader ? (
                  <th key={index} scope="row" className={classes}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={classes}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          );
        })}
        {rows.length === 0 && empty !== undefined ? (
          <tr>
            <td colSpan={columns.length} className={emptyClassName}>
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
