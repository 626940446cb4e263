import { Title } from '@mantine/core';
import { memo } from 'react';
import { formatQuantity } from '../../../shared/quantity';
import { PRODUCTION_SCREEN as S } from '../../../shared/texts/production';
import { ListTable } from '../../ui/ListTable';
import { PlainBadge, PlainButton, PlainText } from '../../ui/plain';
import { formatTime } from '../cake-orders/orders';
import { type BakeDraft, type BakePlan, draftOf, forItsOrder, lineBakes, orderDraftOf } from './production';

const L = S.labels;
/** Mantine's Group gap={4}: the Bake-for buttons of a line's orders, wrapping. */
const BAKE_FOR = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 'calc(0.25rem * var(--mantine-scale))',
} as const;
/**
 * The plan's rows drawn with it: about what the tablet's screen shows below the plan's heading
 * (twelve rows of two-line names at 820x1180). The rest come a moment later (ListTable).
 */
const FIRST_ROWS = 12;
/** A cake's or an ingredient's name, its code small beneath. */
function NameAndCode({ name, code, bold }: { name: string; code: string; bold?: boolean }) {
  return (
    <>
      <PlainText weight={bold ? 700 : undefined}>{name}</PlainText>
      <PlainText size="xs" dimmed>
        {code}
      </PlainText>
    </>
  );
}

const amount = (milli: number, unit: string | null) => `${formatQuantity(milli)}${unit ? ` ${unit}` : ''}`;

/**
 * The bake plan's tables: the cakes to bake (each with its Bake, and Bake for each of its
 * orders), the custom cakes ordered, and the ingredients against what is on hand. Memoised:
 * opening the Bake dialog redraws none of their rows.
 */
export const PlanTables = memo(function PlanTables({
  plan,
  onBake,
}: {
  plan: BakePlan;
  onBake: (draft: BakeDraft) => void;
}) {
  // The three tables share one screenful of rows in the render that brings the plan: a table
  // below a long one starts below the fold and draws its rows just after (ListTable).
  const afterCakes = Math.max(0, FIRST_ROWS - plan.cakes.length);
  const afterCustom = Math.max(0, afterCakes - plan.customOrders.length);
  return (
    <>
      <Title order={3} size="h5">
        {S.cakes}
      </Title>
      <ListTable
        caption={S.cakes}
        rows={plan.cakes}
        firstRows={FIRST_ROWS}
        rowKey={(c) => c.cakeId}
        emptyText={S.noCakes}
        columns={[
          {
            header: L.cake,
            cell: (c) => <NameAndCode name={c.name} code={c.cakeId} />,
          },
          { header: L.forOrders, cell: (c) => c.forOrders, nowrap: true },
          { header: L.forShelf, cell: (c) => c.forShelf, nowrap: true },
          {
            header: L.toBake,
            cell: (c) => (
              <PlainText weight={700} dimmed={c.toBake <= 0}>
                {c.toBake}
              </PlainText>
            ),
            nowrap: true,
          },
          {
            header: L.orders,
            cell: (c) =>
              c.orders.length === 0 ? (
                '—'
              ) : forItsOrder(c) ? (
                c.orders[0]
              ) : (
                // The line's Bake is for the shelf: each order is baked for on its own.
                <div style={BAKE_FOR}>
                  {c.orders.map((number) => (
                    <PlainButton
                      key={number}
                      size="compact-xs"
                      variant="light"
                      onClick={() => onBake(orderDraftOf(c, number))}
                    >
                      {S.bakeFor(number)}
                    </PlainButton>
                  ))}
                </div>
              ),
          },
          {
            header: '',
            cell: (c) =>
              lineBakes(c) ? (
                <PlainButton size="xs" aria-label={S.bakeLine(c.name)} onClick={() => onBake(draftOf(c))}>
                  {S.bake}
                </PlainButton>
              ) : null,
            nowrap: true,
          },
        ]}
      />
      {plan.customOrders.length ? (
        <>
          <Title order={3} size="h5">
            {S.customOrders}
          </Title>
          <ListTable
            caption={S.customOrders}
            rows={plan.customOrders}
            firstRows={afterCakes}
            rowKey={(o) => `${o.orderNumber}-${o.description}`}
            emptyText={S.noCustom}
            columns={[
              { header: L.orderNumber, cell: (o) => o.orderNumber, nowrap: true },
              { header: L.description, cell: (o) => o.description },
              { header: L.quantity, cell: (o) => o.quantity, nowrap: true },
              { header: L.pickup, cell: (o) => formatTime(o.pickupAt), nowrap: true },
            ]}
          />
        </>
      ) : null}
      <Title order={3} size="h5">
        {S.ingredients}
      </Title>
      <ListTable
        caption={S.ingredients}
        rows={plan.ingredients}
        firstRows={afterCustom}
        rowKey={(i) => i.itemId}
        emptyText={S.noIngredients}
        columns={[
          {
            header: L.item,
            cell: (i) => <NameAndCode name={i.name} code={i.itemId} bold={i.short > 0} />,
          },
          { header: L.needed, cell: (i) => amount(i.needed, i.unit), nowrap: true },
          { header: L.onHand, cell: (i) => amount(i.onHand, i.unit), nowrap: true },
          {
            header: L.shortfall,
            cell: (i) =>
              i.short > 0 ? (
                <PlainBadge color="red" variant="filled">
                  {S.short(amount(i.short, i.unit))}
                </PlainBadge>
              ) : (
                <PlainText dimmed>{S.enough}</PlainText>
              ),
            nowrap: true,
          },
        ]}
      />
    </>
  );
});
