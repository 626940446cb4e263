import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SidewaysScroll } from './SidewaysScroll';

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
}

/** A plain table with the shop's empty text; scrolls sideways on a narrow tablet. */
export function ListTable<Row>({ caption, columns, rows, rowKey, emptyText, loading }: ListTableProps<Row>) {
  return (
    <SidewaysScroll caption={caption}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.header} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {!rows?.length ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="sm">
                  {loading ? 'Loading...' : emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </SidewaysScroll>
  );
}
