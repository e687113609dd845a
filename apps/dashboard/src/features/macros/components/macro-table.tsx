import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu.tsx';
import { DataTable } from '@/components/ui/table.tsx';
import type { Column } from '@/components/ui/table.tsx';

export const NO_DATA = msg`No data currently available`;

export interface MacroColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface MacroRowAction<Row> {
  label: string;
  icon: ReactNode;
  onSelect: (row: Row) => void;
}

export interface MacroTableProps<Row> {
  label: string;
  columns: MacroColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Names the row's menu button for assistive technology ("greeter actions"). */
  rowName: (row: Row) => string;
  actions?: MacroRowAction<Row>[];
  /** Instead of the rows: a loading or error line. */
  status?: string | null;
}

const FIRST = 'w-full max-w-0 px-5 py-2.5 font-medium';

/**
 * One of the three macro tables (dashboard.md §2 Macros) with an optional row menu. The first
 * column takes the width left over and never more (`w-full max-w-0`: its long text truncates
 * instead of pushing the other columns off the page, issue 23 #6); the others keep to one line.
 * Below ~32rem the table scrolls sideways inside its box, never the page.
 */
export function MacroTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowName,
  actions = [],
  status = null,
}: MacroTableProps<Row>) {
  const { t, i18n } = useLingui();
  return (
    <DataTable
      label={label}
      className="w-full min-w-[32rem] text-sm"
      columns={[
        ...columns.map((column, index): Column<Row> => ({
          header: column.header,
          cell: column.cell,
          headerClassName: index === 0 ? FIRST : 'px-5 py-2.5 font-medium whitespace-nowrap',
          className: index === 0 ? FIRST : 'px-5 py-2.5 whitespace-nowrap text-muted',
        })),
        actions.length > 0 && {
          actions: true,
          headerClassName: 'w-12 px-3 py-2.5',
          className: 'px-3 py-1.5 text-right',
          cell: (row: Row) => {
            const name = rowName(row);
            return (
              <DropdownMenu
                align="end"
                width={176}
                trigger={
                  <Button variant="ghost" size="icon" aria-label={t`${name} actions`}>
                    <MoreHorizontal aria-hidden className="size-4" />
                  </Button>
                }
              >
                {actions.map((action) => (
                  <DropdownMenuItem
                    key={action.label}
                    icon={action.icon}
                    onSelect={() => action.onSelect(row)}
                  >
                    {action.label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenu>
            );
          },
        },
      ]}
      rows={status === null ? rows : []}
      rowKey={rowKey}
      headClassName="border-b border-line text-left text-xs tracking-wide text-faint"
      rowClassName="border-b border-line/60 last:border-0"
      empty={status ?? i18n._(NO_DATA)}
      emptyClassName="px-5 py-10 text-center text-[13px] text-faint"
    />
  );
}
