import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { PAYMENT_METHODS } from '../../../shared/constants';
import { formatPeso } from '../../../shared/money';
import { needsReference } from '../../../shared/saleRules';
import { CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { PESO_INPUT } from '../../ui/inputs';
import { QuickTender } from '../sales-management/QuickTender';
import { type PaymentDraft, type TenderDraft, tenderOf } from './orders';

/**
 * Payments as the counter takes them: a method and an amount each (card and e-wallet
 * payments with their reference on a line of their own), one cash payment at most, and for
 * cash the amount tendered, its quick notes and the change. `fresh` is what Add payment adds.
 */
export function TenderFields({
  tender,
  onChange,
  fresh,
  minimum = 0,
  single = false,
  error,
}: {
  tender: TenderDraft;
  onChange: (tender: TenderDraft) => void;
  fresh: () => PaymentDraft;
  /** Payments kept at least (pickup keeps one). */
  minimum?: number;
  /** One payment only (Take Payment): no Add payment. */
  single?: boolean;
  error?: string | null;
}) {
  const { payments } = tender;
  const edit = (n: number, change: Partial<PaymentDraft>) =>
    onChange({ ...tender, payments: payments.map((p, i) => (i === n ? { ...p, ...change } : p)) });
  const hasCash = payments.some((p) => p.method === 'Cash');
  const figures = tenderOf(tender);
  return (
    <Stack gap={6} role="group" aria-label={S.labels.payments}>
      {payments.map((p, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
        <Stack key={n} gap={4}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Select
              aria-label={S.paymentMethod(n + 1)}
              placeholder="Method"
              data={PAYMENT_METHODS.filter((m) => m === p.method || m !== 'Cash' || !hasCash)}
              value={p.method}
              onChange={(value) => edit(n, { method: value as PaymentDraft['method'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={140}
            />
            <NumberInput
              aria-label={S.paymentAmount(n + 1)}
              {...PESO_INPUT}
              min={0}
              value={p.amount}
              onChange={(value) => edit(n, { amount: value })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={S.removePayment(n + 1)}
              disabled={payments.length <= minimum}
              onClick={() => onChange({ ...tender, payments: payments.filter((_, i) => i !== n) })}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
          {needsReference(p.method) ? (
            <TextInput
              aria-label={S.paymentReference(n + 1)}
              placeholder={`${p.method} reference no.`}
              autoComplete="off"
              maxLength={60}
              value={p.reference}
              onChange={(e) => edit(n, { reference: e.currentTarget.value })}
              ml={146}
              mr={40}
            />
          ) : null}
        </Stack>
      ))}
      <Group justify="space-between" gap="xs" display={single ? 'none' : undefined}>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={payments.length >= PAYMENT_METHODS.length}
          onClick={() => onChange({ ...tender, payments: [...payments, fresh()] })}
        >
          {S.addPayment}
        </Button>
        {payments.length > 1 ? (
          <Text size="sm" c="dimmed">
            {formatPeso(figures.sum)}
          </Text>
        ) : null}
      </Group>
      {hasCash ? (
        <Stack gap={6}>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <NumberInput
              label={S.cashTendered}
              {...PESO_INPUT}
              min={0}
              value={tender.cashTendered}
              onChange={(value) => onChange({ ...tender, cashTendered: value })}
              style={{ flex: 1 }}
            />
            <Stack gap={0} miw={120} align="flex-end">
              <Text size="xs" c="dimmed" fw={600}>
                {S.change}
              </Text>
              <Text fw={700} fz="lg" aria-label={S.change} role="status">
                {formatPeso(figures.change ?? 0)}
              </Text>
            </Stack>
          </Group>
          <QuickTender
            total={figures.cashShare}
            onTender={(pesos) => onChange({ ...tender, cashTendered: pesos })}
          />
        </Stack>
      ) : null}
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
