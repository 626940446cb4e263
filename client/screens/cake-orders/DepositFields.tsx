import { Stack, Text, Title } from '@mantine/core';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { freshPayment, type TenderDraft } from './orders';
import { TenderFields } from './TenderFields';

/** The deposit taken with the order: none until a payment is added, then as the counter takes payments. */
export function DepositFields({
  tender,
  onChange,
}: {
  tender: TenderDraft;
  onChange: (tender: TenderDraft) => void;
}) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {S.deposit}
      </Title>
      {tender.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {S.noDeposit}
        </Text>
      ) : null}
      <TenderFields tender={tender} onChange={onChange} fresh={freshPayment} />
    </Stack>
  );
}
