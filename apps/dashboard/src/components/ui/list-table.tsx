import { cn } from '@/lib/cn.ts';
import { DataTable, TableFrame } from './table.tsx';
import type { DataTableProps } from './table.tsx';

/**
 * A tab's list of records (backups, schedules): a {@link DataTable} in its frame, with small
 * uppercase headers and a line between rows. `narrow`: px-3 cells instead of px-4, for a table
 * with many columns beside the instance navigation.
 */
export function ListTable<Row>({
  narrow = false,
  ...props
}: Omit<
  DataTableProps<Row>,
  'headClassName' | 'headerCellClassName' | 'bodyClassName' | 'cellClassName'
> & { narrow?: boolean }) {
  const padding = narrow ? 'px-3' : 'px-4';
  return (
    <TableFrame>
      <DataTable
        {...props}
        headClassName="border-b border-line"
        headerCellClassName={cn(
          padding,
          'py-2 text-left text-xs font-medium tracking-wide text-faint uppercase',
        )}
        bodyClassName="divide-y divide-line"
        cellClassName={cn(padding, 'py-3')}
      />
    </TableFrame>
  );
}
