import { minimumDeposit } from '../../../shared/cakeOrders';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Divider.css';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Input,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { COUNTER_FETCH_CAP } from '../../../shared/constants';
import { formatPeso, toCentavos } from '../../../shared/money';
import {
  DESCRIPTION_MAX,
  INSCRIPTION_MAX,
  ORDER_LINES_MAX,
  ORDER_NOTES_MAX,
  PHONE_MAX,
  CAKE_ORDERS_SCREEN as S,
  CAKE_ORDERS_TEXT as T,
} from '../../../shared/texts/cakeOrders';
import { NAME_MAX } from '../../../shared/texts/fields';
import { saleTotals } from '../../../shared/totals';
import { useTRPC } from '../../trpc';
import { numberOf, PESO_INPUT } from '../../ui/inputs';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';
import { RemoveLineButton } from '../../ui/RemoveLineButton';
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

/** A line as typed: a catalogue cake (its code, name and price fixed) or a custom cake. */
interface LineDraft {
  key: number;
  cake: { code: string; name: string; price: number } | null;
  description: string;
  /** Pesos as typed, for a custom cake. */
  price: number | string;
  quantity: number | string;
}

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

let lineKeys = 0;
const quantityOf = (line: LineDraft) => Math.max(0, Math.trunc(numberOf(line.quantity, 0)));
const priceOf = (line: LineDraft) => {
  if (line.cake) return line.cake.price;
  const pesos = numberOf(line.price, 0);
  return Number.isFinite(pesos) && pesos > 0 ? toCentavos(pesos) : 0;
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

/** A search over the cake catalogue that adds the picked cake as a line. */
function CakeLookup({
  chosen,
  onPick,
}: {
  chosen: readonly string[];
  onPick: (cake: { code: string; name: string; price: number }) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const cakes = useQuery({
    ...trpc.cakes.list.queryOptions({ page: 1, limit: 50, search: debounced, field: 'name', order: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const rows = (cakes.data?.rows ?? []).filter((c) => !chosen.includes(c.cakeId));
  return (
    <Select
      aria-label={S.catalogueCake}
      placeholder={S.cakePlaceholder}
      searchable
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      data={rows.map((c) => ({ value: c.cakeId, label: `${c.name} (${c.cakeId}) · ${formatPeso(c.price)}` }))}
      onChange={(value) => {
        const cake = rows.find((c) => c.cakeId === value);
        setSearch('');
        if (cake) onPick({ code: cake.cakeId, name: cake.name, price: cake.price });
      }}
      maxDropdownHeight={200}
      nothingFoundMessage={cakes.isFetching ? 'Loading...' : 'No cakes found.'}
      comboboxProps={{ withinPortal: true }}
      style={{ flex: 1 }}
    />
  );
}

function LinesEditor({ lines, onChange }: { lines: LineDraft[]; onChange: (lines: LineDraft[]) => void }) {
  const set = (key: number, change: Partial<LineDraft>) =>
    onChange(lines.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const full = lines.length >= ORDER_LINES_MAX;
  return (
    <Input.Wrapper label={L.lines} labelElement="div" withAsterisk>
      <Stack gap="xs" mt={4}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <CakeLookup
            chosen={lines.flatMap((l) => (l.cake ? [l.cake.code] : []))}
            onPick={(cake) =>
              full || onChange([...lines, { key: ++lineKeys, cake, description: '', price: '', quantity: 1 }])
            }
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() =>
              onChange([...lines, { key: ++lineKeys, cake: null, description: '', price: '', quantity: 1 }])
            }
          >
            {S.addCustom}
          </Button>
        </Group>
        {lines.length ? (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table verticalSpacing={4} aria-label={L.lines}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{L.cake}</Table.Th>
                  <Table.Th>{L.quantity}</Table.Th>
                  <Table.Th>{L.price}</Table.Th>
                  <Table.Th ta="right">{L.lineTotal}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, n) => {
                  const name = line.cake?.name ?? (line.description.trim() || `custom cake ${n + 1}`);
                  return (
                    <Table.Tr key={line.key}>
                      <Table.Td miw={200}>
                        {line.cake ? (
                          <>
                            <Text size="sm">{line.cake.name}</Text>
                            <Text size="xs" c="dimmed">
                              {line.cake.code}
                            </Text>
                          </>
                        ) : (
                          <TextInput
                            size="xs"
                            aria-label={`${S.customDescription} ${n + 1}`}
                            placeholder={S.customPlaceholder}
                            maxLength={DESCRIPTION_MAX}
                            value={line.description}
                            onChange={(e) => set(line.key, { description: e.currentTarget.value })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          size="xs"
                          w={64}
                          aria-label={`Quantity: ${name}`}
                          min={1}
                          max={100}
                          allowDecimal={false}
                          allowNegative={false}
                          value={line.quantity}
                          onChange={(value) => set(line.key, { quantity: value })}
                        />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {line.cake ? (
                          formatPeso(line.cake.price)
                        ) : (
                          <NumberInput
                            size="xs"
                            w={120}
                            aria-label={`Price: ${name}`}
                            {...PESO_INPUT}
                            min={0}
                            value={line.price}
                            onChange={(value) => set(line.key, { price: value })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatPeso(priceOf(line) * quantityOf(line))}
                      </Table.Td>
                      <Table.Td>
                        <RemoveLineButton
                          name={name}
                          onRemove={() => onChange(lines.filter((l) => l.key !== line.key))}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {S.noLines}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
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
