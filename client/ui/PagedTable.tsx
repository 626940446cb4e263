import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useDeferredValue } from 'react';
import type { Page } from '../../shared/schemas/paging';
import type { Column } from './ListTable';
import { bodyClass, cellClass, headClass, headerCellClass, NOWRAP, rowClass } from './plain';
import { SidewaysScroll } from './SidewaysScroll';
import type { ListState } from './useListState';

export interface PagedColumn<Row, Field extends string> extends Column<Row> {
  /** The list's sort field this header sorts by; headers without one are not sortable. */
  sort?: Field;
}

interface PagedTableProps<Row, Field extends string> {
  caption: string;
  columns: PagedColumn<Row, Field>[];
  data: Page<Row> | undefined;
  list: ListState<Field>;
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /** "items", "cakes": the word after "Showing x-y of n". */
  noun: string;
  loading?: boolean;
  /** Dims and disables a row (the POS's unsellable items). */
  rowDisabled?: (row: Row) => boolean;
  onRowClick?: (row: Row) => void;
}

const PrevText = () => <span>Prev</span>;
const NextText = () => <span>Next</span>;
const ARROWS = { asc: '▲', desc: '▼' } as const;

/** Enter or Space on the row itself (not on a button inside it) does what a click does. */
function activateByKey(event: KeyboardEvent<HTMLTableRowElement>, activate: () => void) {
  if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
  event.preventDefault();
  activate();
}

/** Ten rows of a table with extra-small spacing. */
const FIRST_LOAD_HEIGHT = '23rem';

/**
 * The screens' table: server-side search, sort and paging; headers cycle ascending,
 * descending, none; ten per page, up to 7 page buttons, Prev and Next, "Showing x-y of n".
 */
export function PagedTable<Row, Field extends string>({
  caption,
  columns,
  data: arrived,
  list,
  rowKey,
  emptyText,
  noun,
  loading,
  rowDisabled,
  onRowClick,
}: PagedTableProps<Row, Field>) {
  // A page that arrives is drawn in a transition, in slices, after the screen has taken the
  // answer: the query's own render is synchronous, one long task with every row in it.
  const data = useDeferredValue(arrived);
  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : (data!.page - 1) * data!.limit + 1;
  const last = data ? Math.min(data.page * data.limit, total) : 0;
  const hover = onRowClick ? true : undefined;

  const header = (c: PagedColumn<Row, Field>): ReactNode => {
    if (!c.sort) return c.header;
    const field = c.sort;
    const order = list.sort?.field === field ? list.sort.order : undefined;
    return (
      <UnstyledButton
        onClick={() => list.cycleSort(field)}
        fw={700}
        fz="sm"
        style={{ whiteSpace: 'nowrap' }}
        aria-label={`Sort by ${c.header}`}
      >
        {c.header} <span aria-hidden="true">{order ? ARROWS[order] : '↕'}</span>
      </UnstyledButton>
    );
  };

  return (
    <>
      <SidewaysScroll caption={caption}>
        <Table striped highlightOnHover={!!onRowClick} verticalSpacing="xs" aria-label={caption}>
          {/* Plain rows with Mantine's classes (client/ui/plain.tsx), as ListTable draws them. */}
          <thead {...headClass}>
            <tr {...rowClass} data-hover={hover}>
              {columns.map((c) => {
                const order = c.sort && list.sort?.field === c.sort ? list.sort.order : undefined;
                return (
                  <th
                    key={c.header}
                    className={headerCellClass}
                    aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
                  >
                    {header(c)}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody {...bodyClass}>
            {data?.rows.map((row) => {
              const disabled = rowDisabled?.(row) ?? false;
              const activate = onRowClick && !disabled ? () => onRowClick(row) : undefined;
              return (
                <tr
                  key={rowKey(row)}
                  {...rowClass}
                  data-hover={hover}
                  aria-disabled={disabled || undefined}
                  // A row that does something is reached with Tab and done with Enter or Space,
                  // as a click does it: a counter without a mouse can still add to the cart.
                  tabIndex={activate ? 0 : undefined}
                  className={activate ? `${rowClass.className} mantine-focus-auto` : rowClass.className}
                  onClick={activate}
                  onKeyDown={activate ? (event) => activateByKey(event, activate) : undefined}
                  style={{
                    cursor: activate ? 'pointer' : undefined,
                    opacity: disabled ? 0.5 : undefined,
                    // Inside the row: the table's scrolling box would clip the ring's sides.
                    outlineOffset: activate ? -2 : undefined,
                  }}
                >
                  {columns.map((c) => (
                    <td key={c.header} className={cellClass} style={c.nowrap ? NOWRAP : undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
            {!data?.rows.length ? (
              <tr {...rowClass} data-hover={hover}>
                {/* Before the first page arrives, about a page's height: what follows does not jump when it lands. */}
                <td
                  className={cellClass}
                  colSpan={columns.length}
                  style={data ? undefined : { height: FIRST_LOAD_HEIGHT }}
                >
                  <Text c="dimmed" ta="center" py="sm">
                    {loading || !data ? 'Loading...' : emptyText}
                  </Text>
                </td>
              </tr>
            ) : null}
          </tbody>
        </Table>
      </SidewaysScroll>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {`Showing ${first}-${last} of ${total} ${noun}`}
        </Text>
        {data && data.totalPages > 1 ? (
          <Pagination
            total={data.totalPages}
            value={list.page}
            onChange={list.setPage}
            // One page each side of the current and one at each end: at most 7 controls.
            siblings={1}
            boundaries={1}
            size="sm"
            previousIcon={PrevText}
            nextIcon={NextText}
            aria-label="Pages"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Prev' : control === 'next' ? 'Next' : `${control} page`,
              // The words fill the square control edge to edge without room of their own.
              style: { paddingInline: 'var(--mantine-spacing-xs)' },
            })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
        ) : null}
      </Group>
    </>
  );
}
