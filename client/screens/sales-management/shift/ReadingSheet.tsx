import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DEFAULT_SHOP_NAME } from '../../../../shared/constants';
import { formatPeso } from '../../../../shared/money';
import { DEPOSIT_LINES_TEXT as D, SHIFT_TEXT } from '../../../../shared/texts/shifts';
import { formatDateTime } from '../../../../shared/time';
import type { RouterOutputs } from '../../../trpc';

type ShopProfile = RouterOutputs['settings']['shopProfile'];
export type Terminal = RouterOutputs['terminals']['list'][number];
/** An X reading (a shift) or a Z reading (end of day), tagged. */
export type Reading =
  | (RouterOutputs['shifts']['reading'] & { kind: 'X' })
  | (RouterOutputs['shifts']['zReadings'][number] & { kind: 'Z' });

function Row({
  label,
  children,
  strong = false,
  indent = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  indent?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" className="receipt-row">
      <Text
        size="sm"
        fw={strong ? 700 : undefined}
        pl={indent ? 'sm' : undefined}
        style={{ minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Group>
  );
}

const Rule = () => <hr className="receipt-rule" />;

/** A line under a row saying where its money already counts. */
const Note = ({ children }: { children: ReactNode }) => (
  <Text size="xs" fs="italic" pl="sm" className="receipt-row">
    {children}
  </Text>
);

/**
 * Cake order deposits, before the drawer's lines: their cash is already inside Cash taken
 * and Cash refunded, and a deposit applied at pickup was counted when it was taken.
 */
function DepositLines({ reading }: { reading: Reading }) {
  return (
    <Box component="section" aria-label={D.heading}>
      <Text size="sm" fw={700} className="receipt-row">
        {D.heading}
      </Text>
      <Row label={D.taken}>{formatPeso(reading.depositsTaken)}</Row>
      <Note>{D.takenNote}</Note>
      <Row label={D.applied}>{formatPeso(reading.depositsApplied)}</Row>
      <Note>{D.appliedNote}</Note>
      <Row label={D.refunded}>{less(reading.depositsRefunded)}</Row>
      <Note>{D.refundedNote}</Note>
    </Box>
  );
}
const peso = (centavos: number | null) => (centavos === null ? '—' : formatPeso(centavos));
/** An amount taken off: "-₱50.00", but nothing taken off reads "₱0.00". */
const less = (centavos: number) => (centavos ? `-${formatPeso(centavos)}` : formatPeso(0));

/** The numbers an examiner reads first: the documents the reading covers and the never-reset counters. */
function Counters({ reading }: { reading: Reading }) {
  const none = '—';
  return (
    <Box component="section" aria-label="Counters">
      <Row label="Beginning invoice no.">{reading.beginningInvoice ?? none}</Row>
      <Row label="Ending invoice no.">{reading.endingInvoice ?? none}</Row>
      <Row label="Beginning refund no.">{reading.beginningRefund ?? none}</Row>
      <Row label="Ending refund no.">{reading.endingRefund ?? none}</Row>
      <Row label="Z counter">{reading.zCounter}</Row>
      <Row label="Reset counter">{reading.resetCounter}</Row>
      <Row label="Previous accumulated grand total">{formatPeso(reading.previousGrandTotal)}</Row>
      <Row label="Present accumulated grand total" strong>
        {formatPeso(reading.presentGrandTotal)}
      </Row>
    </Box>
  );
}

const readingName = (r: Reading) =>
  r.kind === 'X'
    ? `${r.closedAt ? 'Shift close' : 'X reading'}, shift #${r.shiftId}`
    : `Z reading #${r.number}`;

/** The dialog's title: a closed shift's reading is its close slip, not an X reading. */
export const readingTitle = (r: Reading) =>
  r.kind === 'Z' ? `Z reading #${r.number}` : r.closedAt ? `Shift close #${r.shiftId}` : 'X reading';

const moveLabel = (m: { type: 'in' | 'out'; reason: string }) =>
  `${m.type === 'in' ? 'Cash in' : 'Cash out'}: ${m.reason}`;

/** A voided movement: on the slip, marked, counting for nothing. */
function VoidedRow({
  move,
}: {
  move: {
    type: 'in' | 'out';
    reason: string;
    amount: number;
    voidReason: string | null;
    voidedBy: string | null;
  };
}) {
  return (
    <Row
      label={`VOIDED ${moveLabel(move)} (${move.voidReason ?? ''}${move.voidedBy ? `, by ${move.voidedBy}` : ''})`}
      indent
    >
      <s>{formatPeso(move.amount)}</s>
    </Row>
  );
}

/**
 * An X or Z reading as the receipt printer prints it (receipt.css's classes, so printing
 * shows it alone on 80 mm paper): the shop, the reading, the sales and refunds, each
 * payment method, the cake order deposits, and the drawer's cash. The counters (invoice and
 * refund numbers covered, Z counter, accumulated grand totals) and the sales by tax treatment
 * and by discount are the lines BIR asks a reading to show.
 */
export function ReadingSheet({
  reading,
  profile,
  terminal,
}: {
  reading: Reading;
  profile: ShopProfile | undefined;
  terminal: Terminal | undefined;
}) {
  const permit = terminal?.permitNumber.trim() || profile?.birPermitNumber.trim();
  return (
    <Box className="receipt-sheet" aria-label={readingName(reading)} component="article">
      <Box ta="center">
        <Text fw={700} size="lg" className="receipt-shop">
          {profile?.businessName.trim() || DEFAULT_SHOP_NAME}
        </Text>
        {profile?.address ? <Text size="sm">{profile.address}</Text> : null}
        {profile?.tin ? <Text size="sm">VAT REG TIN: {profile.tin}</Text> : null}
        {terminal ? <Text size="sm">Terminal: {terminal.name}</Text> : null}
        {terminal?.min ? <Text size="sm">MIN: {terminal.min}</Text> : null}
        {terminal?.serialNumber ? <Text size="sm">S/N: {terminal.serialNumber}</Text> : null}
        {permit ? <Text size="sm">Permit No.: {permit}</Text> : null}
        <Text fw={700} size="lg" mt="xs" className="receipt-shop">
          {reading.kind === 'Z'
            ? `Z READING #${reading.number}`
            : reading.closedAt
              ? `SHIFT CLOSE · SHIFT #${reading.shiftId}`
              : `X READING · SHIFT #${reading.shiftId}`}
        </Text>
        <Text size="sm">
          {reading.kind === 'X' && reading.closedAt
            ? `Closed ${formatDateTime(reading.closedAt)}`
            : formatDateTime(reading.takenAt)}
        </Text>
        {reading.kind === 'X' ? (
          <Text size="sm">
            Cashier: {reading.cashier} · opened {formatDateTime(reading.openedAt)}
          </Text>
        ) : null}
      </Box>
      <Rule />
      <Counters reading={reading} />
      <Rule />
      <Row label="Sales">{reading.salesCount}</Row>
      <Row label="Gross sales">{formatPeso(reading.grossSales)}</Row>
      <Row label="Less SC discount">{less(reading.discounts.SC)}</Row>
      <Row label="Less PWD discount">{less(reading.discounts.PWD)}</Row>
      <Row label="Less SC 5% discount">{less(reading.discounts.SC5)}</Row>
      <Row label="Less other discounts">{less(reading.discounts.other)}</Row>
      <Row label="VATable sales">{formatPeso(reading.vatableSales)}</Row>
      <Row label="VAT amount">{formatPeso(reading.vatAmount)}</Row>
      <Row label="VAT-exempt sales">{formatPeso(reading.vatExemptSales)}</Row>
      <Row label="Zero-rated sales">{formatPeso(reading.zeroRatedSales)}</Row>
      <Row label="Sales total" strong>
        {formatPeso(reading.salesTotal)}
      </Row>
      <Row label={`Refunds (${reading.refundsCount})`}>{less(reading.refundsAmount)}</Row>
      <Row label="Net sales" strong>
        {formatPeso(reading.netSales)}
      </Row>
      <Rule />
      {reading.byMethod.length === 0 ? <Text size="sm">No payments.</Text> : null}
      <Box component="ul" aria-label="By payment method" m={0} p={0} style={{ listStyle: 'none' }}>
        {reading.byMethod.map((m) => (
          <li key={m.method}>
            <Row label={m.method}>{formatPeso(m.net)}</Row>
            {m.refunds ? (
              <Row label={`sales ${formatPeso(m.sales)}, refunds`} indent>
                {less(m.refunds)}
              </Row>
            ) : null}
          </li>
        ))}
      </Box>
      <Rule />
      <DepositLines reading={reading} />
      <Rule />
      {reading.kind === 'X' ? <Row label="Opening cash">{formatPeso(reading.openingCash)}</Row> : null}
      <Row label="Cash taken">{formatPeso(reading.cashTaken)}</Row>
      <Row label="Change given">{less(reading.changeGiven)}</Row>
      <Row label="Cash refunded">{less(reading.cashRefunded)}</Row>
      {reading.kind === 'X' ? (
        <>
          <Row label="Cash in">{formatPeso(reading.cashIn)}</Row>
          <Row label="Cash out">{less(reading.cashOut)}</Row>
          {reading.movements.length > 0 ? (
            <Box component="ul" aria-label="Cash movements" m={0} p={0} style={{ listStyle: 'none' }}>
              {reading.movements.map((m) => (
                <li key={m.id}>
                  {m.voidedAt ? (
                    <VoidedRow move={m} />
                  ) : (
                    <Row label={moveLabel(m)} indent>
                      {m.type === 'in' ? formatPeso(m.amount) : less(m.amount)}
                    </Row>
                  )}
                </li>
              ))}
            </Box>
          ) : null}
          <Row label="Expected cash" strong>
            {formatPeso(reading.expectedCash)}
          </Row>
          {reading.countedCash !== null ? (
            <>
              <Row label="Counted cash">{peso(reading.countedCash)}</Row>
              <Row label="Variance" strong>
                {peso(reading.variance)}
              </Row>
              {reading.closedBy && reading.closedBy !== reading.cashier ? (
                <Text size="sm" className="receipt-row">
                  Closed by {reading.closedBy}
                  {reading.closeReason ? `: ${reading.closeReason}` : ''}
                </Text>
              ) : reading.closeReason ? (
                <Text size="sm" className="receipt-row">
                  Reason: {reading.closeReason}
                </Text>
              ) : null}
            </>
          ) : null}
        </>
      ) : (
        <>
          <Row label={`${SHIFT_TEXT.refundsOutside} (${reading.refundsOutsideShiftsCount})`}>
            {less(reading.refundsOutsideShifts)}
          </Row>
          {reading.cashVoids.length > 0 ? (
            <>
              <Text size="sm" className="receipt-row">
                Voided cash movements ({reading.cashVoids.length}), not counted:
              </Text>
              <Box
                component="ul"
                aria-label="Voided cash movements"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
              >
                {reading.cashVoids.map((m) => (
                  <li key={m.id}>
                    <VoidedRow move={{ ...m, reason: `${m.reason} · shift #${m.shiftId}` }} />
                  </li>
                ))}
              </Box>
            </>
          ) : null}
          <Rule />
          <Row label="Cash in">{formatPeso(reading.cashIn)}</Row>
          <Row label="Cash out">{less(reading.cashOut)}</Row>
          <Row label="Expected cash" strong>
            {formatPeso(reading.expectedCash)}
          </Row>
          <Row label="Counted cash">{peso(reading.countedCash)}</Row>
        </>
      )}
    </Box>
  );
}
