import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import { type CSSProperties, type ReactNode, useDeferredValue } from 'react';
import { bodyClass, cellClass, headClass, headerCellClass, NOWRAP, rowClass } from './plain';
import { SidewaysScroll } from './SidewaysScroll';
import { useInTurn } from './useInTurn';

/** Rows a table shows in the render that brings its data: more than the tablet's screen holds. */
const ROWS_AT_ONCE = 25;

/**
 * `arrived`, its first `first` rows at first and all of them a moment later (useInTurn): a
 * long list (the bake plan's 200 ingredients) is otherwise one render and one layout of
 * thousands of elements in a single task. The rest arrive below the screen's fold. Drawn in a
 * transition, in slices, like PagedTable's pages.
 */
function useRowsInTurn<Row>(arrived: Row[] | undefined, first: number) {
  const all = useDeferredValue(arrived);
  const whole = useInTurn(all);
  const rows = all && all.length > first && whole !== all ? all.slice(0, first) : all;
  return { rows, all };
}

/**
 * A long table, once it has all its rows, is laid out and painted only as it nears the screen
 * (content-visibility: auto), about a row's height each until then: the bake plan's 200
 * ingredients start below the fold, and laying them out was most of the longest task after the
 * plan arrived (25 ms on the tablet). Not before: the size it had with its first rows would be
 * remembered as its size.
 */
const laidOutNearScreen = (rows: number): CSSProperties => ({
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${rows * 56}px`,
});

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keeps short columns (dates, statuses, buttons) from wrapping. */
  nowrap?: boolean;
}

interface ListTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  emptyText: string;
  loading?: boolean;
  /**
   * Rows drawn with the data, the rest just after (ROWS_AT_ONCE unless said): a table under
   * another long one can leave its first rows to the next moment, as it starts below the fold.
   */
  firstRows?: number;
}

/** A plain table with the shop's empty text; scrolls sideways on a narrow tablet. */
export function ListTable<Row>({
  caption,
  columns,
  rows: allRows,
  rowKey,
  emptyText,
  loading,
  firstRows = ROWS_AT_ONCE,
}: ListTableProps<Row>) {
  const { rows, all } = useRowsInTurn(allRows, firstRows);
  return (
    <SidewaysScroll
      caption={caption}
      style={all && rows === all && all.length > ROWS_AT_ONCE ? laidOutNearScreen(all.length) : undefined}
    >
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption}>
        {/* Plain rows with Mantine's classes (client/ui/plain.tsx): a long list drew hundreds of Table.Td. */}
        <thead {...headClass}>
          <tr {...rowClass} data-hover>
            {columns.map((c) => (
              <th key={c.header} className={headerCellClass}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...bodyClass}>
          {rows?.map((row) => (
            <tr key={rowKey(row)} {...rowClass} data-hover>
              {columns.map((c) => (
                <td key={c.header} className={cellClass} style={c.nowrap ? NOWRAP : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
          {!all?.length ? (
            <tr {...rowClass} data-hover>
              <td className={cellClass} colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="sm">
                  {loading ? 'Loading...' : emptyText}
                </Text>
              </td>
            </tr>
          ) : null}
        </tbody>
      </Table>
    </SidewaysScroll>
  );
}
