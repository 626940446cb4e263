import { formatPeso } from '../../../shared/money';
import type { CakeSortField } from '../../../shared/schemas/cakes';
import { AVAILABILITY_LABELS, CAKE_TEXT } from '../../../shared/texts/cakes';
import { useTRPC } from '../../trpc';
import type { ListState } from '../../ui/useListState';
import type { CakeRow } from './inventory';
import { nameColumn, StockTable } from './StockTable';

/** The cake table; Edit lives in the view dialog. */
export function CakesTable({
  list,
  onView,
}: {
  list: ListState<CakeSortField>;
  onView: (cake: CakeRow) => void;
}) {
  const trpc = useTRPC();
  return (
    <StockTable<CakeRow, CakeSortField>
      caption="Cake Inventory"
      noun="cakes"
      emptyText={CAKE_TEXT.noCakes}
      list={list}
      query={trpc.cakes.list.queryOptions(list.input)}
      onView={onView}
      columns={[
        { header: 'ID', sort: 'cakeId', cell: (c) => c.cakeId, nowrap: true },
        nameColumn('Cake Name', 120),
        { header: 'Category', sort: 'category', cell: (c) => c.category ?? '—' },
        { header: 'Base Cost', sort: 'baseCost', cell: (c) => formatPeso(c.baseCost), nowrap: true },
        { header: 'Price', sort: 'price', cell: (c) => formatPeso(c.price), nowrap: true },
        {
          header: 'Availability',
          sort: 'availability',
          cell: (c) => AVAILABILITY_LABELS[c.availability],
          nowrap: true,
        },
        { header: 'Ingredients', sort: 'ingredients', cell: (c) => c.ingredientCount, nowrap: true },
      ]}
    />
  );
}
