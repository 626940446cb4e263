import { Anchor, Box, Grid, Text, TextInput } from '@mantine/core';
import { ASK_BUYER_FROM, RECEIPT_TEXT as R } from '../../../shared/texts/receipt';
import type { CartFields } from './useCart';

interface BuyerProps {
  fields: CartFields;
  total: number;
  set: <K extends keyof CartFields>(key: K, value: CartFields[K]) => void;
}

/** Whether the buyer's fields are out: as the cashier left them, else from ₱1,000 on. */
export const buyerOpen = (fields: CartFields, total: number) => fields.buyerShown ?? total >= ASK_BUYER_FROM;

/**
 * The buyer's name, address and TIN for the invoice: folded away under one line, and opened
 * with a prompt once the total reaches ₱1,000 (a business buyer may claim the VAT). Blank
 * fields print as blank lines to fill in.
 */
export function BuyerFields({ fields, total, set }: BuyerProps) {
  const open = buyerOpen(fields, total);
  const { buyer } = fields;
  const field = (key: keyof CartFields['buyer']) => ({
    value: buyer[key],
    autoComplete: 'off',
    size: 'xs' as const,
    onChange: (e: { currentTarget: { value: string } }) =>
      set('buyer', { ...buyer, [key]: e.currentTarget.value }),
  });
  return (
    <Box component="section" aria-label={R.buyerSection}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => set('buyerShown', !open)}
        aria-expanded={open}
      >
        {open ? '▾' : '▸'} {R.buyerSection}
      </Anchor>
      {open ? (
        <>
          {total >= ASK_BUYER_FROM ? (
            <Text size="xs" c="orange.8" fw={600}>
              {R.askBuyer}
            </Text>
          ) : null}
          <Grid gap="xs">
            <Grid.Col span={4}>
              <TextInput label={R.buyerName} maxLength={120} {...field('name')} />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label={R.buyerAddress} maxLength={200} {...field('address')} />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput label={R.buyerTin} maxLength={20} {...field('tin')} />
            </Grid.Col>
          </Grid>
        </>
      ) : null}
    </Box>
  );
}
