import { minimumDeposit } from '../../../shared/cakeOrders';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Divider.css';
import {
  Checkbox,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { formatPeso } from '../../../shared/money';
import {
  INSCRIPTION_MAX,
  ORDER_NOTES_MAX,
  PHONE_MAX,
  CAKE_ORDERS_SCREEN as S,
  CAKE_ORDERS_TEXT as T,
} from '../../../shared/texts/cakeOrders';
import { NAME_MAX } from '../../../shared/texts/fields';
import { saleTotals } from '../../../shared/totals';
import { useTRPC } from '../../trpc';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';
import { type LineDraft, LinesEditor, priceOf, quantityOf } from './OrderLines';
import {
  manilaInstant,
  NO_TENDER,
  type PaymentDraft,
  type TenderDraft,
  tenderOf,
  tenderProblem,
  useRefreshOrders,
} from './orders';
import { TenderFields } from './TenderFields';

const L = S.labels;

interface Draft {
  registered: boolean;
  customerId: string | null;
  customerName: string;
  phone: string;
  date: string;
  time: string;
  lines: LineDraft[];
  inscription: string;
  notes: string;
  vat: boolean;
  tender: TenderDraft;
}

const BLANK: Draft = {
  registered: false,
  customerId: null,
  customerName: '',
  phone: '',
  date: '',
  time: '',
  lines: [],
  inscription: '',
  notes: '',
  vat: false,
  tender: NO_TENDER,
};

/** The order's figures as the server will reckon them (prices before VAT, VAT on top). */
function totalsOf(draft: Draft) {
  return saleTotals(
    draft.lines.map((l) => ({ price: priceOf(l), quantity: quantityOf(l), scPwdEligible: false })),
    draft.vat ? 12 : 0,
  );
}

/** The form's own checks, the first one failing; the server checks everything again. */
function problemOf(draft: Draft): string | null {
  if (draft.registered ? !draft.customerId : !draft.customerName.trim()) return T.customerName;
  if (!draft.phone.trim()) return T.phone;
  if (!draft.date || !draft.time) return S.pickupRequired;
  if (draft.lines.length === 0) return T.linesRequired;
  if (draft.lines.some((l) => !l.cake && !l.description.trim())) return S.lineDescription;
  if (draft.lines.some((l) => !l.cake && priceOf(l) <= 0)) return S.linePrice;
  if (draft.lines.some((l) => quantityOf(l) < 1)) return 'Quantity must be at least 1.';
  return draft.tender.payments.length ? tenderProblem(draft.tender) : null;
}

/** The registered customers by name, as the counter's cart lists them. */
function useCustomers() {
  const trpc = useTRPC();
  const customers = useQuery(
    trpc.customers.list.queryOptions(
      { page: 1, limit: COUNTER_FETCH_CAP, search: '', field: 'name', order: 'asc' },
      { staleTime: 60_000 },
    ),
  );
  return customers.data?.rows ?? [];
}

function Amount({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : undefined} aria-label={label}>
        {formatPeso(value)}
      </Text>
    </Group>
  );
}

const freshPayment = (): PaymentDraft => ({ method: null, amount: '', reference: '' });

/**
 * Takes a cake order: the customer (registered, or a name typed) and phone, the pickup date
 * and time (Manila), the cakes (catalogue or custom), inscription, notes, VAT, and any
 * deposit, with the total and the minimum deposit as they are typed. The server's refusal
 * shows in the form (and as a toast); once taken, the order opens.
 */
export function OrderFormModal({
  opened,
  onClose,
  onTaken,
}: {
  opened: boolean;
  onClose: () => void;
  onTaken: (id: number) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshOrders();
  const customers = useCustomers();
  const settings = useQuery(trpc.cakeOrders.settings.queryOptions(undefined, { staleTime: 60_000 }));
  const [draft, setDraft] = useState<Draft>(BLANK);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setDraft(BLANK);
    setError(null);
  }, [opened]);
  const create = useReportedMutation(
    trpc.cakeOrders.create,
    { success: '', failure: S.createFailed },
    refresh,
  );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setError(null);
  };
  const totals = totalsOf(draft);
  const percent = settings.data?.minimumDepositPercent ?? 0;
  const minimum = minimumDeposit(totals.totalAmount, percent);
  const deposit = tenderOf(draft.tender);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(draft);
    setError(problem);
    if (problem) return;
    create.mutate(
      {
        customerId: draft.registered ? Number(draft.customerId) : null,
        customerName: draft.registered ? '' : draft.customerName.trim(),
        phone: draft.phone.trim(),
        pickupAt: manilaInstant(draft.date, draft.time),
        lines: draft.lines.map((l) =>
          l.cake
            ? { cakeId: l.cake.code, quantity: quantityOf(l) }
            : { description: l.description.trim(), price: priceOf(l), quantity: quantityOf(l) },
        ),
        inscription: draft.inscription.trim(),
        notes: draft.notes.trim(),
        taxRate: draft.vat ? 12 : 0,
        payments: deposit.payments,
        cashTendered: deposit.cashTendered,
      },
      {
        onSuccess: (answer) => onTaken(answer.order.id),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={S.newOrderTitle} centered size="xl">
      <form onSubmit={submit} aria-label={S.newOrderTitle} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Stack gap={4}>
              {draft.registered ? (
                <Select
                  label={L.customer}
                  withAsterisk
                  placeholder={S.customerPlaceholder}
                  data={customers.map((c) => ({ value: String(c.id), label: `${c.name} (${c.customerId})` }))}
                  value={draft.customerId}
                  onChange={(value) => {
                    const customer = customers.find((c) => String(c.id) === value);
                    setDraft((d) => ({
                      ...d,
                      customerId: value,
                      phone: d.phone || customer?.phoneNumber || '',
                    }));
                    setError(null);
                  }}
                  searchable
                  nothingFoundMessage="No customers found."
                  limit={50}
                  comboboxProps={{ withinPortal: true }}
                  data-autofocus
                />
              ) : (
                <TextInput
                  label={L.customerName}
                  withAsterisk
                  autoComplete="off"
                  maxLength={NAME_MAX}
                  value={draft.customerName}
                  onChange={(e) => set('customerName', e.currentTarget.value)}
                  data-autofocus
                />
              )}
              <Checkbox
                size="xs"
                label={S.registered}
                checked={draft.registered}
                onChange={(e) => set('registered', e.currentTarget.checked)}
              />
            </Stack>
            <TextInput
              label={L.phone}
              withAsterisk
              type="tel"
              autoComplete="off"
              maxLength={PHONE_MAX}
              value={draft.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
            />
            <TextInput
              label={L.pickupDate}
              withAsterisk
              type="date"
              value={draft.date}
              onChange={(e) => set('date', e.currentTarget.value)}
            />
            <TextInput
              label={L.pickupTime}
              withAsterisk
              type="time"
              step={900}
              value={draft.time}
              onChange={(e) => set('time', e.currentTarget.value)}
            />
          </SimpleGrid>
          <LinesEditor lines={draft.lines} onChange={(lines) => set('lines', lines)} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput
              label={L.inscription}
              placeholder={S.inscriptionPlaceholder}
              maxLength={INSCRIPTION_MAX}
              value={draft.inscription}
              onChange={(e) => set('inscription', e.currentTarget.value)}
            />
            <Textarea
              label={L.notes}
              autosize
              minRows={1}
              maxRows={4}
              maxLength={ORDER_NOTES_MAX}
              value={draft.notes}
              onChange={(e) => set('notes', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
            <Stack gap={6}>
              <Title order={3} size="h5">
                {S.deposit}
              </Title>
              {draft.tender.payments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {S.noDeposit}
                </Text>
              ) : null}
              <TenderFields
                tender={draft.tender}
                onChange={(tender) => set('tender', tender)}
                fresh={freshPayment}
              />
            </Stack>
            <Stack gap={4}>
              <Checkbox
                label={S.vat}
                checked={draft.vat}
                onChange={(e) => set('vat', e.currentTarget.checked)}
              />
              <Amount label={L.subtotal} value={totals.subtotal} />
              {draft.vat ? <Amount label={L.vat(12)} value={totals.taxAmount} /> : null}
              <Amount label={L.total} value={totals.totalAmount} strong />
              <Text size="sm" c="dimmed" data-testid="minimum-deposit">
                {S.minimumDeposit(formatPeso(minimum), percent)}
              </Text>
              {deposit.sum > 0 ? (
                <Amount label={L.balanceDue} value={totals.totalAmount - deposit.sum} />
              ) : null}
              {deposit.sum > 0 && deposit.sum < minimum ? (
                <Text size="sm" c="orange.9">
                  {S.belowMinimum}
                </Text>
              ) : null}
            </Stack>
          </SimpleGrid>
          {error ? (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
          <ModalActions onCancel={onClose} submitLabel={S.takeOrder} loading={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
