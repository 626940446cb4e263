import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { PAYMENT_METHODS } from '../../../shared/constants';
import { formatPeso } from '../../../shared/money';
import { needsReference } from '../../../shared/saleRules';
import { PESO_INPUT } from '../../ui/inputs';
import type { PaymentMethod, SplitPayment } from './useCart';

interface SplitProps {
  payments: SplitPayment[];
  onChange: (payments: SplitPayment[]) => void;
  /** What is left to pay, in centavos (negative when the payments are over). */
  remaining: number;
  cash: { value: number | string; onChange: (value: number | string) => void };
  error?: string;
}

/**
 * Split tender: a payment per method, which must add up to the total; card and
 * e-wallet payments carry their reference, and cash may be tendered above its share.
 */
export function SplitPayments({ payments, onChange, remaining, cash, error }: SplitProps) {
  const edit = (n: number, change: Partial<SplitPayment>) =>
    onChange(payments.map((p, i) => (i === n ? { ...p, ...change } : p)));
  const hasCash = payments.some((p) => p.method === 'Cash');
  return (
    <Stack gap={6} aria-label="Payments" role="group">
      {payments.map((p, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
        <Stack key={n} gap={4}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Select
              aria-label={`Payment ${n + 1} method`}
              placeholder="Method"
              data={PAYMENT_METHODS.filter((m) => m === p.method || m !== 'Cash' || !hasCash)}
              value={p.method}
              onChange={(value) => edit(n, { method: value as PaymentMethod | null })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={130}
            />
            <NumberInput
              aria-label={`Payment ${n + 1} amount`}
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
              aria-label={`Remove payment ${n + 1}`}
              disabled={payments.length <= 2}
              onClick={() => onChange(payments.filter((_, i) => i !== n))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
          {needsReference(p.method) ? (
            // Its own line under the payment: a 13-digit GCash reference is read back whole.
            <TextInput
              aria-label={`Payment ${n + 1} reference number`}
              placeholder={`${p.method} reference no.`}
              autoComplete="off"
              maxLength={60}
              value={p.reference}
              onChange={(e) => edit(n, { reference: e.currentTarget.value })}
              ml={136}
              mr={40}
            />
          ) : null}
        </Stack>
      ))}
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={payments.length >= PAYMENT_METHODS.length}
          onClick={() => onChange([...payments, { method: null, amount: '', reference: '' }])}
        >
          Add payment
        </Button>
        <Text size="sm" c={remaining === 0 ? 'dimmed' : 'red.9'} data-testid="split-remaining">
          {remaining >= 0 ? `Remaining ${formatPeso(remaining)}` : `Over by ${formatPeso(-remaining)}`}
        </Text>
      </Group>
      {hasCash ? (
        <NumberInput
          label="Cash Tendered"
          {...PESO_INPUT}
          min={0}
          value={cash.value}
          onChange={cash.onChange}
        />
      ) : null}
      {error ? (
        <Text size="xs" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
