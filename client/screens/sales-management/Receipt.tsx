import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPeso } from '../../../shared/money';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime } from '../../../shared/time';
import type { RouterOutputs } from '../../trpc';
import type { Sale } from './useCheckout';

type ShopProfile = RouterOutputs['settings']['shopProfile'];

/**
 * A label and its value on one line. An amount keeps to one line and its label wraps; a
 * typed text (`text`: a name, a reference) wraps instead, so nothing runs off 72 mm paper.
 */
function Row({
  label,
  children,
  strong = false,
  text = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  text?: boolean;
}) {
  const wraps = { minWidth: 0, overflowWrap: 'anywhere' } as const;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" className="receipt-row">
      <Text size="sm" fw={strong ? 700 : undefined} style={text ? { flexShrink: 0 } : wraps}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : undefined}
        ta="right"
        style={text ? wraps : { whiteSpace: 'nowrap' }}
      >
        {children}
      </Text>
    </Group>
  );
}

const Rule = () => <hr className="receipt-rule" />;

/**
 * The receipt itself, on screen and on 80 mm paper: the shop's profile, the
 * sale, its lines 'name x quantity @ price', the totals, the payment and, for cash, the
 * change. Marked Refunded once refunded, and "not an official receipt" until the shop
 * records its BIR permit number.
 */
export function Receipt({ sale, profile }: { sale: Sale; profile: ShopProfile | undefined }) {
  const permit = profile?.birPermitNumber.trim();
  return (
    <Box className="receipt-sheet" aria-label="Receipt" component="article">
      <Box ta="center">
        <Text fw={700} size="lg" className="receipt-shop">
          {profile?.businessName}
        </Text>
        {profile?.address ? <Text size="sm">{profile.address}</Text> : null}
        {profile?.contact ? <Text size="sm">{profile.contact}</Text> : null}
        {profile?.tin ? <Text size="sm">TIN: {profile.tin}</Text> : null}
        {permit ? <Text size="sm">BIR Permit No.: {permit}</Text> : null}
      </Box>
      {sale.status === 'refunded' ? (
        <Text ta="center" fw={700} c="red" size="lg" mt="xs" className="receipt-refunded">
          Refunded
        </Text>
      ) : null}
      {sale.status === 'refunded' && sale.refundedAt ? (
        <Text ta="center" size="sm" className="receipt-refunded-when">
          {SALES_TEXT.refundedWhen(formatDateTime(sale.refundedAt), sale.refundedByName ?? 'Unknown')}
        </Text>
      ) : null}
      <Rule />
      <Row label="Sale ID" text>
        {sale.saleId}
      </Row>
      <Row label="Date">{formatDateTime(sale.soldAt)}</Row>
      <Row label="Cashier" text>
        {sale.cashier ?? 'Unknown'}
      </Row>
      {sale.shiftId !== null ? <Row label="Shift">#{sale.shiftId}</Row> : null}
      {sale.backdateReason ? (
        // The shop's own note on a back-dated sale: on screen, not on the customer's slip.
        <Box className="receipt-screen-only">
          <Row label={SALES_TEXT.backdateLabel} text>
            {sale.backdateReason}
          </Row>
        </Box>
      ) : null}
      <Row label="Customer" text>
        {sale.customerName}
      </Row>
      <Row label="Order Type">{sale.orderType}</Row>
      <Rule />
      <Box component="ul" aria-label="Items" m={0} p={0} style={{ listStyle: 'none' }}>
        {sale.lines.map((line) => (
          <li key={`${line.kind}:${line.code}`}>
            <Row label={`${line.name} x ${line.quantity} @ ${formatPeso(line.price)}`}>
              {formatPeso(line.price * line.quantity)}
            </Row>
          </li>
        ))}
      </Box>
      <Rule />
      <Row label="Subtotal">{formatPeso(sale.subtotal)}</Row>
      {sale.discountType ? (
        <>
          <Row label="VAT-Exempt Sales">{formatPeso(sale.vatExemptAmount)}</Row>
          <Row label={`Less ${sale.discountType} Discount (20%)`}>-{formatPeso(sale.discountAmount)}</Row>
        </>
      ) : null}
      <Row label={`VAT (${sale.taxRate}%)`}>{formatPeso(sale.taxAmount)}</Row>
      <Row label="Total" strong>
        {formatPeso(sale.totalAmount)}
      </Row>
      <Rule />
      {sale.payments.length > 1 ? (
        sale.payments.map((p) => (
          <Row
            key={`${p.appliedDeposit ? 'deposit' : 'paid'}-${p.method}-${p.reference ?? ''}-${p.amount}`}
            label={`${p.appliedDeposit ? 'Deposit paid, ' : ''}${p.method}${p.reference ? ` (Ref. ${p.reference})` : ''}`}
          >
            {formatPeso(p.amount)}
          </Row>
        ))
      ) : (
        <>
          <Row label="Payment Method">{sale.paymentMethod}</Row>
          {sale.paymentReference ? (
            <Row label="Reference No." text>
              {sale.paymentReference}
            </Row>
          ) : null}
        </>
      )}
      {sale.cashTendered !== null ? <Row label="Cash Tendered">{formatPeso(sale.cashTendered)}</Row> : null}
      {sale.change !== null ? <Row label="Change">{formatPeso(sale.change)}</Row> : null}
      {sale.discountType ? (
        <Box mt="sm" aria-label="Discount holder">
          <Row label={sale.discountType === 'SC' ? 'Senior Citizen' : 'PWD'} text>
            {sale.discountName}
          </Row>
          <Row label={`${sale.discountType} ID No.`} text>
            {sale.discountIdNumber}
          </Row>
          <Text size="sm" mt="lg" className="receipt-signature">
            Signature: ______________________
          </Text>
        </Box>
      ) : null}
      {permit ? null : (
        <Text ta="center" size="sm" fw={700} mt="sm" className="receipt-notice">
          {SALES_TEXT.notOfficial}
        </Text>
      )}
    </Box>
  );
}
