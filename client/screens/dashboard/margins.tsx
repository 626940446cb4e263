import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatPeso } from '../../../shared/money';
import type { PricingKind } from '../../../shared/schemas/pricing';
import { PRICING_TEXT } from '../../../shared/texts/pricing';
import { type RouterOutputs, useTRPC } from '../../trpc';
import { type PagedColumn, PagedTable } from '../../ui/PagedTable';
import { useListState } from '../../ui/useListState';

// What the Profitability Dashboard and Pricing Management share: the Items | Cakes
// switch, the margins query and the table's columns.

export type MarginRow = RouterOutputs['pricing']['margins']['rows'][number];
type MarginColumn = PagedColumn<MarginRow, never>;

const KINDS = [
  { value: 'item', label: PRICING_TEXT.items },
  { value: 'cake', label: PRICING_TEXT.cakes },
];

/** The kind shown and its page of margins, lowest first; search and paging run on the server. */
export function useMargins() {
  const trpc = useTRPC();
  const [kind, setKindNow] = useState<PricingKind>('item');
  const list = useListState<never>();
  const { page, limit, search } = list.input;
  const query = useQuery({
    ...trpc.pricing.margins.queryOptions({ kind, page, limit, search }),
    placeholderData: keepPreviousData,
  });
  const setKind = (next: PricingKind) => {
    setKindNow(next);
    list.setPage(1);
  };
  return { kind, setKind, list, query };
}
export type Margins = ReturnType<typeof useMargins>;

export function KindSwitch({ margins }: { margins: Margins }) {
  return (
    <SegmentedControl
      aria-label="Show"
      value={margins.kind}
      onChange={(value) => margins.setKind(value as PricingKind)}
      data={KINDS}
      w="fit-content"
    />
  );
}

/** A loss reads in red, so it stands out in a column of figures. */
function Signed({ negative, children }: { negative: boolean; children: ReactNode }) {
  return (
    <Text size="sm" c={negative ? 'red.8' : undefined} fw={negative ? 700 : undefined}>
      {children}
    </Text>
  );
}

const percentText = (percent: number | null) =>
  percent === null ? PRICING_TEXT.noPercent : `${percent.toFixed(1)}%`;

function columns(price: MarginColumn['cell']): MarginColumn[] {
  return [
    { header: 'Code', cell: (r) => r.code, nowrap: true },
    {
      header: 'Name',
      cell: (r) => (
        <Text size="sm" miw={140} style={{ overflowWrap: 'anywhere' }}>
          {r.name}
        </Text>
      ),
    },
    { header: 'Cost', cell: (r) => formatPeso(r.cost), nowrap: true },
    { header: 'Price', cell: price, nowrap: true },
    {
      header: 'Margin',
      cell: (r) => <Signed negative={r.margin < 0}>{formatPeso(r.margin)}</Signed>,
      nowrap: true,
    },
    {
      header: 'Margin %',
      cell: (r) => <Signed negative={(r.marginPercent ?? 0) < 0}>{percentText(r.marginPercent)}</Signed>,
      nowrap: true,
    },
  ];
}

/** Code, Name, Cost, Price, Margin, Margin %: ten a page, "Showing x-y of n". */
export function MarginsTable({
  caption,
  margins,
  price = (r) => formatPeso(r.price),
}: {
  caption: string;
  margins: Margins;
  /** The Price cell; Pricing Management makes it an editor. */
  price?: MarginColumn['cell'];
}) {
  const items = margins.kind === 'item';
  return (
    <PagedTable
      caption={caption}
      columns={columns(price)}
      data={margins.query.data}
      list={margins.list}
      rowKey={(r) => `${r.kind}-${r.id}`}
      emptyText={items ? PRICING_TEXT.noItems : PRICING_TEXT.noCakes}
      noun={items ? 'items' : 'cakes'}
      loading={margins.query.isPending}
    />
  );
}
