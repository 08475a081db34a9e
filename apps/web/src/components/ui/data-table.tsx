import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { TableScroller } from './table-scroller.tsx';

/** One column: its header (read by screen readers only when `hiddenHeader`), and what its cell shows of a row. */
export interface DataColumn<Row> {
  header: string;
  hiddenHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell's own classes (width, wrapping, type); the table gives each cell its padding and the last its alignment. */
  className?: string;
}

type DataTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** A row's details under it, across every column (an e-mail's text), when it is opened. */
  detail?: (row: Row) => ReactNode | null;
  /** `top` for rows whose cells run to several lines. */
  align?: 'top' | 'middle';
};

/**
 * The admin panel's tables: one look for every list (a header row, thin dividers, the last column's action at the
 * right), scrolling sideways inside its own box on a phone instead of widening the page (TableScroller).
 */
export function DataTable<Row>({ rows, columns, rowKey, detail, align = 'middle' }: DataTableProps<Row>) {
  const last = columns.length - 1;
  const pad = (i: number) => (i === last ? 'py-2' : 'py-2 pr-4');
  return (
    <TableScroller>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {columns.map((column, i) => (
              <th key={column.header} scope="col" className={cn(pad(i), 'font-medium')}>
                {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-slate-100', align === 'top' && 'align-top')}>
          {rows.map((row) => {
            const more = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr>
                  {columns.map((column, i) => (
                    <td key={column.header} className={cn(pad(i), column.hiddenHeader && i === last && 'text-right', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
                {more && (
                  <tr>
                    <td colSpan={columns.length} className="pb-4 pt-1">
                      {more}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}
