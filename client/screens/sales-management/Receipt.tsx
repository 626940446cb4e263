import { Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { INVOICE_DISCOUNT_TYPES } from '../../../shared/invoiceAmounts';
import { formatPeso } from '../../../shared/money';
import { RECEIPT_TEXT as R } from '../../../shared/texts/receipt';
import { SALES_TEXT } from '../../../shared/texts/sales';
import { formatDateTime } from '../../../shared/time';
import type { RouterOutputs } from '../../trpc';

/** The invoice's contents as the server builds them (sales.receipt, sales.reprint). */
export type ReceiptContents = RouterOutputs['sales']['receipt'];

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
 * The invoice itself, on screen and on 80 mm paper, as the server built it: the shop's
 * registration and the terminal's, the invoice number, the lines, the VAT breakdown and
 * discounts by type, the tender, the buyer's lines (blank when not given), the SC/PWD
 * holder's signature line. A reprint says REPRINT and its count at the top; an original
 * says nothing extra. Marked Refunded once refunded, and "not an official receipt" until
 * the shop records a permit number.
 */
export function Receipt({ receipt }: { receipt: ReceiptContents }) {
  const permit = receipt.permitNumber.trim();
  const { discounts } = receipt;
  return (
    <Box className="receipt-sheet" aria-label="Receipt" component="article">
      {receipt.reprint > 0 ? (
        <Text ta="center" fw={900} size="xl" mb="xs" className="receipt-reprint">
          {R.reprint(receipt.reprint)}
        </Text>
      ) : null}
      <Box ta="center">
        <Text fw={700} size="lg" className="receipt-shop">
          {receipt.businessName}
        </Text>
        {receipt.vatRegTin ? (
          <Text size="sm">
            {R.vatRegTin}: {receipt.vatRegTin}
          </Text>
        ) : null}
        {receipt.address ? <Text size="sm">{receipt.address}</Text> : null}
        {receipt.contact ? <Text size="sm">{receipt.contact}</Text> : null}
        {receipt.min ? (
          <Text size="sm">
            {R.min}: {receipt.min}
          </Text>
        ) : null}
        {receipt.serialNumber ? (
          <Text size="sm">
            {R.serialNumber}: {receipt.serialNumber}
          </Text>
        ) : null}
        {permit ? (
          <Text size="sm">
            {R.permitNumber}: {permit}
          </Text>
        ) : null}
      </Box>
      {receipt.status === 'refunded' ? (
        <Text ta="center" fw={700} c="red" size="lg" mt="xs" className="receipt-refunded">
          Refunded
        </Text>
      ) : null}
      {receipt.status === 'refunded' && receipt.refundedAt ? (
        <Text ta="center" size="sm" className="receipt-refunded-when">
          {SALES_TEXT.refundedWhen(formatDateTime(receipt.refundedAt), receipt.refundedBy ?? 'Unknown')}
        </Text>
      ) : null}
      <Rule />
      {receipt.invoiceNumber ? (
        <Row label={R.invoiceNumber} strong text>
          {receipt.invoiceNumber}
        </Row>
      ) : null}
      <Row label="Sale ID" text>
        {receipt.saleId}
      </Row>
      <Row label="Date">{receipt.dateTime}</Row>
      <Row label="Cashier" text>
        {receipt.cashier}
      </Row>
      {receipt.terminal ? (
        <Row label="Terminal" text>
          {receipt.terminal}
        </Row>
      ) : null}
      {receipt.shiftId !== null ? <Row label="Shift">#{receipt.shiftId}</Row> : null}
      {receipt.backdateReason ? (
        // The shop's own note on a back-dated sale: on screen, not on the customer's slip.
        <Box className="receipt-screen-only">
          <Row label={SALES_TEXT.backdateLabel} text>
            {receipt.backdateReason}
          </Row>
        </Box>
      ) : null}
      <Row label="Customer" text>
        {receipt.customerName}
      </Row>
      <Row label="Order Type">{receipt.orderType}</Row>
      <Rule />
      <Box component="ul" aria-label="Items" m={0} p={0} style={{ listStyle: 'none' }}>
        {receipt.lines.map((line) => (
          <li key={`${line.kind}:${line.code}`}>
            <Row label={`${line.name} x ${line.quantity} @ ${formatPeso(line.price)}`}>
              {formatPeso(line.amount)}
            </Row>
          </li>
        ))}
      </Box>
      <Rule />
      <Row label="Subtotal">{formatPeso(receipt.subtotal)}</Row>
      {INVOICE_DISCOUNT_TYPES.map((type) =>
        discounts[type] ? (
          <Row key={type} label={R.discount[type]}>
            -{formatPeso(discounts[type])}
          </Row>
        ) : null,
      )}
      <Row label="Total" strong>
        {formatPeso(receipt.totalAmount)}
      </Row>
      <Rule />
      <Box aria-label="VAT breakdown">
        <Row label={R.vatableSales}>{formatPeso(receipt.vatableSales)}</Row>
        <Row label={R.vatExemptSales}>{formatPeso(receipt.vatExemptSales)}</Row>
        <Row label={R.zeroRatedSales}>{formatPeso(receipt.zeroRatedSales)}</Row>
        <Row label={R.vatAmount(receipt.taxRate)}>{formatPeso(receipt.vatAmount)}</Row>
      </Box>
      <Rule />
      {receipt.payments.length > 1 ? (
        receipt.payments.map((p) => (
          <Row
            key={`${p.appliedDeposit ? 'deposit' : 'paid'}-${p.method}-${p.reference ?? ''}-${p.amount}`}
            label={`${p.appliedDeposit ? 'Deposit paid, ' : ''}${p.method}${p.reference ? ` (Ref. ${p.reference})` : ''}`}
          >
            {formatPeso(p.amount)}
          </Row>
        ))
      ) : (
        <>
          <Row label="Payment Method">{receipt.paymentMethod}</Row>
          {receipt.paymentReference ? (
            <Row label="Reference No." text>
              {receipt.paymentReference}
            </Row>
          ) : null}
        </>
      )}
      {receipt.cashTendered !== null ? (
        <Row label="Cash Tendered">{formatPeso(receipt.cashTendered)}</Row>
      ) : null}
      {receipt.change !== null ? <Row label="Change">{formatPeso(receipt.change)}</Row> : null}
      <Rule />
      <Box aria-label="Buyer">
        {/* Blank lines to fill in by hand when the buyer gave none. */}
        <Row label={R.buyerName} text>
          {receipt.buyer.name || '____________'}
        </Row>
        <Row label={R.buyerAddress} text>
          {receipt.buyer.address || '____________'}
        </Row>
        <Row label={R.buyerTin} text>
          {receipt.buyer.tin || '____________'}
        </Row>
      </Box>
      {receipt.holder ? (
        <Box mt="sm" aria-label="Discount holder">
          <Row label={receipt.holder.type === 'PWD' ? 'PWD' : 'Senior Citizen'} text>
            {receipt.holder.name}
          </Row>
          <Row label={`${receipt.holder.type === 'PWD' ? 'PWD' : 'SC'} ID No.`} text>
            {receipt.holder.idNumber}
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
