import '@mantine/core/styles/SegmentedControl.css';
import { Grid, SegmentedControl, TextInput } from '@mantine/core';
import type { DiscountType } from '../../../shared/totals';
import type { CartFields } from './useCart';

const CHOICES = [
  { value: 'none', label: 'No SC/PWD discount' },
  { value: 'SC', label: 'Senior Citizen' },
  { value: 'PWD', label: 'PWD' },
];

interface DiscountProps {
  fields: CartFields;
  set: <K extends keyof CartFields>(key: K, value: CartFields[K]) => void;
  errors: { discountName?: string; discountIdNumber?: string };
}

/**
 * The SC/PWD discount (RA 9994, RA 10754): 20% off the eligible lines, which are also
 * VAT-exempt. The law asks for the holder's name and ID number on the receipt.
 */
export function DiscountFields({ fields, set, errors }: DiscountProps) {
  return (
    <>
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label="SC/PWD Discount"
        data={CHOICES}
        value={fields.discount ?? 'none'}
        onChange={(value) => set('discount', value === 'none' ? null : (value as DiscountType))}
      />
      {fields.discount ? (
        <Grid gap="sm">
          <Grid.Col span={7}>
            <TextInput
              label={fields.discount === 'SC' ? 'Senior citizen name' : 'PWD name'}
              withAsterisk
              autoComplete="off"
              maxLength={120}
              value={fields.discountName}
              onChange={(e) => set('discountName', e.currentTarget.value)}
              error={errors.discountName}
            />
          </Grid.Col>
          <Grid.Col span={5}>
            <TextInput
              label="ID number"
              withAsterisk
              autoComplete="off"
              maxLength={40}
              value={fields.discountIdNumber}
              onChange={(e) => set('discountIdNumber', e.currentTarget.value)}
              error={errors.discountIdNumber}
            />
          </Grid.Col>
        </Grid>
      ) : null}
    </>
  );
}
