import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPeso } from '../../../../shared/money';
import { formatDateTime } from '../../../../shared/time';
import type { RouterOutputs } from '../../../trpc';

type XReading = RouterOutputs['counter']['reading'];
type ZReading = RouterOutputs['counter']['endOfDay'];
type ShopProfile = RouterOutputs['settings']['shopProfile'];

function Row({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" className="receipt-row">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Text>
    </Group>
  );
}
const Rule = () => <hr className="receipt-rule" />;
const peso = (centavos: number | null) => (centavos === null ? '—' : formatPeso(centavos));
/** An amount taken off: "-₱50.00", but nothing taken off reads "₱0.00". */
const less = (centavos: number) => (centavos ? `-${formatPeso(centavos)}` : formatPeso(0));

/**
 * An X or Z reading as it prints on the receipt's 80 mm paper (receipt.css): the shop,
 * the reading, its totals, the payment methods and, for a shift, the drawer's cash.
 */
export function ReadingSheet({
  reading,
  profile,
}: {
  reading: (XReading & { kind: 'X' }) | (ZReading & { kind: 'Z' });
  profile: ShopProfile | undefined;
}) {
  return (
    <Box className="receipt-sheet" aria-label={`${reading.kind} reading`} component="article">
      <Box ta="center">
        <Text fw={700} size="lg" className="receipt-shop">
          {profile?.businessName}
        </Text>
        {profile?.tin ? <Text size="sm">TIN: {profile.tin}</Text> : null}
        <Text fw={700} mt={4}>
          {reading.kind === 'X' ? `X READING · Shift #${reading.shiftId}` : `Z READING #${reading.number}`}
        </Text>
        <Text size="sm">{formatDateTime(reading.takenAt)}</Text>
        {reading.kind === 'X' ? (
          <Text size="sm">
            Cashier: {reading.cashier} · opened {formatDateTime(reading.openedAt)}
          </Text>
        ) : null}
      </Box>
      <Rule />
      <Row label="Sales">{reading.salesCount}</Row>
      <Row label="Gross sales">{peso(reading.gross)}</Row>
      <Row label="SC/PWD discounts">{less(reading.scPwdDiscounts)}</Row>
      <Row label="VAT">{peso(reading.vat)}</Row>
      <Row label="VAT-exempt sales">{peso(reading.vatExempt)}</Row>
      <Row label={`Refunds (${reading.refundsCount})`}>{less(reading.refunds)}</Row>
      <Row label="Net sales" strong>
        {peso(reading.net)}
      </Row>
      <Rule />
      {reading.byMethod.length === 0 ? <Text size="sm">No payments.</Text> : null}
      {reading.byMethod.map((m) => (
        <Row key={m.method} label={m.method}>
          {peso(m.net)}
        </Row>
      ))}
      <Rule />
      {reading.kind === 'X' ? (
        <>
          <Row label="Opening cash">{peso(reading.openingCash)}</Row>
          <Row label="Cash taken">{peso(reading.cashTaken)}</Row>
          <Row label="Change given">{less(reading.changeGiven)}</Row>
          <Row label="Cash refunded">{less(reading.cashRefunded)}</Row>
          <Row label="Cash in">{peso(reading.cashIn)}</Row>
          <Row label="Cash out">{less(reading.cashOut)}</Row>
          <Row label="Expected cash" strong>
            {peso(reading.expectedCash)}
          </Row>
          {reading.countedCash !== null ? (
            <>
              <Row label="Counted cash">{peso(reading.countedCash)}</Row>
              <Row label="Variance" strong>
                {peso(reading.variance)}
              </Row>
            </>
          ) : null}
        </>
      ) : (
        <Row label="Grand total" strong>
          {peso(reading.grandTotal)}
        </Row>
      )}
    </Box>
  );
}
