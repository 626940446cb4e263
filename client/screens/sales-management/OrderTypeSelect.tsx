import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { ORDER_TYPES } from '../../../shared/constants';
import type { OrderType } from './useCart';

/** The Order Type (Walk-in, Online), required, in the cart and the inline sale form. */
export function OrderTypeSelect({
  value,
  onChange,
  error,
}: {
  value: OrderType | null;
  onChange: (value: OrderType | null) => void;
  error?: string;
}) {
  return (
    <Select
      label="Order Type"
      withAsterisk
      placeholder="Select"
      data={ORDER_TYPES}
      value={value}
      onChange={(next) => onChange(next as OrderType | null)}
      error={error}
      allowDeselect={false}
    />
  );
}
