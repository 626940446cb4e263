import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { formatPeso, toCentavos } from '../../../../shared/money';
import { SHIFT_TEXT } from '../../../../shared/texts/shifts';
import { confirmThen } from '../../../ui/confirm';
import { numberOf, PESO_INPUT } from '../../../ui/inputs';

const centavos = (typed: number | string) => {
  const pesos = numberOf(typed, Number.NaN);
  return Number.isFinite(pesos) && pesos >= 0 ? toCentavos(pesos) : null;
};

interface AmountModalProps {
  opened: boolean;
  onClose: () => void;
  pending: boolean;
}

/** Opening a shift: the cash in the drawer to start with. */
export function OpenShiftModal({
  opened,
  onClose,
  pending,
  onOpen,
}: AmountModalProps & { onOpen: (openingCash: number) => void }) {
  const [cash, setCash] = useState<number | string>('');
  const [error, setError] = useState<string>();
  const submit = () => {
    const amount = centavos(cash);
    if (amount === null) return setError(SHIFT_TEXT.openingCash);
    onOpen(amount);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Open shift" centered>
      <Stack gap="md">
        <NumberInput
          label="Opening cash"
          withAsterisk
          {...PESO_INPUT}
          min={0}
          value={cash}
          onChange={setCash}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={pending} onClick={submit}>
            Open shift
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A refusal from the server (a cash out above the drawer), shown inside the dialog it came from. */
function Refusal({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert color="red" role="alert" p="xs">
      {message}
    </Alert>
  ) : null;
}

/**
 * Cash put into or taken out of the drawer, with why; asked again with the amount before it is
 * recorded (the confirm modal). A refusal stays in the dialog, with the amount kept to correct.
 */
export function CashMoveModal({
  opened,
  onClose,
  pending,
  onMove,
  refusal,
}: AmountModalProps & {
  onMove: (move: { type: 'in' | 'out'; amount: number; reason: string }) => void;
  refusal?: string | null;
}) {
  const [type, setType] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const submit = () => {
    const value = centavos(amount);
    const found = {
      amount: value ? undefined : SHIFT_TEXT.cashAmount,
      reason: reason.trim() ? undefined : SHIFT_TEXT.reason,
    };
    setErrors(found);
    if (!value || found.reason) return;
    const move = { type, amount: value, reason: reason.trim() };
    confirmThen(SHIFT_TEXT.confirmCash(type, formatPeso(value), move.reason), () => onMove(move), 'Record');
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Cash in / out" centered>
      <Stack gap="md">
        <SegmentedControl
          data={[
            { value: 'in', label: 'Cash in' },
            { value: 'out', label: 'Cash out' },
          ]}
          value={type}
          onChange={(v) => setType(v as 'in' | 'out')}
        />
        <NumberInput
          label="Amount"
          withAsterisk
          {...PESO_INPUT}
          min={0}
          value={amount}
          onChange={setAmount}
          error={errors.amount}
        />
        <TextInput
          label="Reason"
          withAsterisk
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        <Refusal message={refusal} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={pending} onClick={submit}>
            Record
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Closing a shift: the cash counted in the drawer, against what the reading expects. Closing
 * another cashier's shift (`cashier` named) also asks why, kept on the shift.
 */
export function CloseShiftModal({
  opened,
  onClose,
  pending,
  expectedCash,
  onCloseShift,
  cashier,
  refusal,
}: AmountModalProps & {
  expectedCash: number | null;
  onCloseShift: (countedCash: number, reason: string | null) => void;
  /** Another cashier's shift (a manager closing it): their name, and a reason is asked. */
  cashier?: string;
  refusal?: string | null;
}) {
  const [counted, setCounted] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ counted?: string; reason?: string }>({});
  const value = centavos(counted);
  const submit = () => {
    const found = {
      counted: value === null ? SHIFT_TEXT.countedCash : undefined,
      reason: cashier && !reason.trim() ? SHIFT_TEXT.closeReasonNeeded : undefined,
    };
    setErrors(found);
    if (value === null || found.reason) return;
    onCloseShift(value, reason.trim() || null);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={cashier ? `Close ${cashier}’s shift` : 'Close shift'}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Expected in the drawer: <b>{expectedCash === null ? '—' : formatPeso(expectedCash)}</b>
        </Text>
        <NumberInput
          label="Counted cash"
          withAsterisk
          {...PESO_INPUT}
          min={0}
          value={counted}
          onChange={setCounted}
          error={errors.counted}
          data-autofocus
        />
        {value !== null && expectedCash !== null ? (
          <Text size="sm" c={value === expectedCash ? 'dimmed' : 'red.9'} data-testid="variance-preview">
            Variance: {formatPeso(value - expectedCash)}
          </Text>
        ) : null}
        {cashier ? (
          <TextInput
            label="Reason"
            withAsterisk
            maxLength={200}
            placeholder="Left open on the tablet"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
        ) : null}
        <Refusal message={refusal} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={submit}>
            Close shift
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
