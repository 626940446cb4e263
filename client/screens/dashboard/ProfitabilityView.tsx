import { Stack, Text, Title } from '@mantine/core';
import { PRICING_TEXT } from '../../../shared/texts/pricing';
import { KindSwitch, MarginsTable, useMargins } from './margins';

/** Profitability Dashboard (admin, owner): margins of items and cakes, lowest first, read-only. */
export function ProfitabilityView() {
  const margins = useMargins();
  return (
    <Stack gap="md">
      <Title order={1}>{PRICING_TEXT.profitabilityTitle}</Title>
      <Text size="sm" c="dimmed">
        {PRICING_TEXT.lowestFirst}
      </Text>
      <KindSwitch margins={margins} />
      <MarginsTable caption={PRICING_TEXT.marginsTable} margins={margins} />
    </Stack>
  );
}
