import { Grid, TextInput } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import { type DiscountType, SC5_PERCENT, type Totals } from '../../../shared/totals';
import { PlainSegmentedControl } from '../../ui/PlainSegmentedControl';
import type { CartFields } from './useCart';
import type { Sc5Allowance } from './useSc5Allowance';

const CHOICES: { value: DiscountType | 'none'; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'SC', label: 'Senior Citizen' },
  { value: 'PWD', label: 'PWD' },
  { value: 'SC5', label: 'SC 5% (basic necessities)' },
];

/**
 * The discount's line under the subtotal. The 5% names what is left of the senior's weekly
 * allowance of purchases (₱2,500.00), so the cashier sees why a sale gets less or none.
 */
export function discountLabel(
  discount: DiscountType,
  totals: Totals,
  allowance: Sc5Allowance | null,
): string {
  if (discount !== 'SC5')
    return `${discount} Discount (20% of ${formatPeso(totals.vatExemptAmount)}, VAT-exempt)`;
  const left = allowance ? `${formatPeso(allowance.allowanceLeft)} left this week` : 'enter the ID number';
  return `SC ${SC5_PERCENT}% Discount (${left})`;
}

interface DiscountProps {
  fields: CartFields;
  set: <K extends keyof CartFields>(key: K, value: CartFields[K]) => void;
  errors: { discountName?: string; discountIdNumber?: string };
}

/**
 * The SC/PWD discount (RA 9994, RA 10754): 20% off the eligible lines, which are also
 * VAT-exempt; or the seniors' 5% on basic necessities (SC5), taxed as usual. The law asks for
 * the holder's name and ID number on the receipt.
 */
export function DiscountFields({ fields, set, errors }: DiscountProps) {
  return (
    <>
      <PlainSegmentedControl
        fullWidth
        size="xs"
        aria-label="SC/PWD Discount"
        data={CHOICES}
        value={fields.discount ?? 'none'}
        onChange={(value) => set('discount', value === 'none' ? null : value)}
      />
      {fields.discount ? (
        <Grid gap="sm">
          <Grid.Col span={7}>
            <TextInput
              label={fields.discount === 'PWD' ? 'PWD name' : 'Senior citizen name'}
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
