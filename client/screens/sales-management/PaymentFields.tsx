import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { PAYMENT_METHODS } from '../../../shared/constants';
import { needsReference } from '../../../shared/saleRules';
import { PESO_INPUT } from '../../ui/inputs';
import type { PaymentMethod } from './useCart';

interface PaymentProps {
  method: PaymentMethod | null;
  reference: string;
  onMethod: (method: PaymentMethod | null) => void;
  onReference: (reference: string) => void;
  /** The cash tendered (pesos as typed) and its change: the counter asks for it, a later record does not. */
  cash?: { value: number | string; onChange: (value: number | string) => void };
  errors: { paymentMethod?: string; reference?: string; cashTendered?: string };
  /** Enter in the reference or the cash tendered: the counter checks out from the keyboard. */
  onEnter?: () => void;
}

const enterDoes = (action?: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter' || !action) return;
  event.preventDefault();
  action();
};

/**
 * Payment Method, then what it needs beside it: the reference number for GCash, PayMaya and
 * card payments, or the cash tendered (by the payment method).
 */
export function PaymentFields({
  method,
  reference,
  onMethod,
  onReference,
  cash,
  errors,
  onEnter,
}: PaymentProps) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Select
        label="Payment Method"
        withAsterisk
        placeholder="Select"
        data={PAYMENT_METHODS}
        value={method}
        onChange={(value) => onMethod(value as PaymentMethod | null)}
        error={errors.paymentMethod}
        allowDeselect={false}
      />
      {needsReference(method) ? (
        <TextInput
          label="Reference number"
          withAsterisk
          autoComplete="off"
          maxLength={60}
          value={reference}
          onChange={(e) => onReference(e.currentTarget.value)}
          onKeyDown={enterDoes(onEnter)}
          error={errors.reference}
        />
      ) : method === 'Cash' && cash ? (
        <NumberInput
          label="Cash Tendered"
          {...PESO_INPUT}
          min={0}
          value={cash.value}
          onChange={cash.onChange}
          onKeyDown={enterDoes(onEnter)}
          error={errors.cashTendered}
        />
      ) : null}
    </SimpleGrid>
  );
}
