import { Table, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { END_OF_DAY_TEXT } from './text';

/** Money cells, right-aligned on one line, keyed by their column headers. */
export function PesoCells({ values, headers }: { values: number[]; headers: readonly string[] }) {
  return values.map((v, n) => (
    <Table.Td key={headers[n]} ta="right" style={{ whiteSpace: 'nowrap' }}>
      {formatPeso(v)}
    </Table.Td>
  ));
}

/** The one row a table shows when it has none: loading, failed, or the empty text. */
export function EmptyRow({
  columns,
  query,
  empty,
}: {
  columns: number;
  query: { isPending: boolean; isError: boolean };
  empty: string;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="sm">
          {query.isPending ? 'Loading...' : query.isError ? END_OF_DAY_TEXT.loadFailed : empty}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
