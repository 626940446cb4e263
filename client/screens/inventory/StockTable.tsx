import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CakeStatus } from '../../../shared/schemas/cakes';
import type { ItemStatus } from '../../../shared/schemas/inventory';
import type { Page } from '../../../shared/schemas/paging';
import { TIGHT_TABLE } from '../../ui/inputs';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import type { QueryOptionsOf } from '../../ui/procedures';
import type { ListState } from '../../ui/useListState';
import { withoutRowClick } from './inventory';
import { StatusBadge } from './StatusBadge';

interface StockRow {
  id: number;
  name: string;
  status: ItemStatus | CakeStatus;
}

/** The Name column: sorts by name and wraps anywhere, but never narrower than `minWidth`. */
export function nameColumn<Row extends StockRow, Field extends string>(
  header: string,
  minWidth: number,
): PagedColumn<Row, Field> {
  return {
    header,
    sort: 'name' as Field,
    cell: (row) => (
      <Text size="sm" miw={minWidth} style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Text>
    ),
  };
}

/** What a row's buttons (and a click on the row) ask the screen for. */
export interface RowActions<Row> {
  /** Edit beside View; without it, editing starts from the view dialog. */
  onEdit?: (row: Row) => void;
  onView: (row: Row) => void;
}

/** Below Mantine's lg breakpoint (the 820px tablet) the eleven columns scroll sideways. */
const NARROW = '(max-width: 74.99em)';

/**
 * The item and cake tables: searched, sorted and paged on the server, in
 * tight cells, ending with Status and Actions; a click on a row opens its view too. On a
 * tablet, where the table scrolls sideways, Status moves up beside the name: what a shelf's
 * state is must be in view without scrolling.
 */
export function StockTable<Row extends StockRow, Field extends string>({
  caption,
  noun,
  emptyText,
  list,
  query,
  columns,
  besideStatus,
  onEdit,
  onView,
}: {
  caption: string;
  noun: string;
  emptyText: string;
  list: ListState<Field>;
  query: QueryOptionsOf<Page<Row>>;
  columns: PagedColumn<Row, Field>[];
  /** On the tablet, the header of a column that moves up beside Status too (the items' expiry). */
  besideStatus?: string;
} & RowActions<Row>) {
  const rows = useQuery({ ...query, placeholderData: keepPreviousData });
  // Read at once, not in an effect: the columns must not jump after the first paint.
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const status: PagedColumn<Row, Field> = {
    header: 'Status',
    sort: 'status' as Field,
    cell: (row) => <StatusBadge status={row.status} />,
    nowrap: true,
  };
  const moved = columns.filter((c) => c.header === besideStatus);
  const rest = columns.slice(2).filter((c) => c.header !== besideStatus);
  const shown = narrow ? [...columns.slice(0, 2), status, ...moved, ...rest] : [...columns, status];
  const button = (label: 'Edit' | 'View', variant: string, action: (row: Row) => void) => (row: Row) => (
    <Button
      size="compact-sm"
      variant={variant}
      aria-label={`${label} ${row.name}`}
      onClick={withoutRowClick(() => action(row))}
    >
      {label}
    </Button>
  );
  const view = button('View', 'default', onView);
  const edit = onEdit && button('Edit', 'light', onEdit);
  const actions = (row: Row) =>
    edit ? (
      <Group gap={6} wrap="nowrap">
        {edit(row)}
        {view(row)}
      </Group>
    ) : (
      view(row)
    );

  return (
    <Stack gap="md" style={TIGHT_TABLE}>
      <PagedTable
        caption={caption}
        columns={[...shown, { header: 'Actions', nowrap: true, cell: actions }]}
        data={rows.data}
        list={list}
        rowKey={(row) => row.id}
        emptyText={emptyText}
        noun={noun}
        loading={rows.isPending}
        onRowClick={onView}
      />
    </Stack>
  );
}
