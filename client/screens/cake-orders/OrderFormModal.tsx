import { minimumDeposit } from '../../../shared/cakeOrders';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Divider.css';
import { Divider, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { INSCRIPTION_MAX, ORDER_NOTES_MAX, CAKE_ORDERS_SCREEN as S } from '../../../shared/texts/cakeOrders';
import { useTRPC } from '../../trpc';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';
import { CustomerPickupFields } from './CustomerPickupFields';
import { DepositFields } from './DepositFields';
import { LinesEditor, priceOf, quantityOf } from './OrderLines';
import { OrderTotals } from './OrderTotals';
import { BLANK, type Draft, problemOf, totalsOf } from './orderDraft';
import { manilaInstant, tenderOf, useRefreshOrders } from './orders';
import { useCustomers } from './useCustomers';

const L = S.labels;

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
  const update = (change: (d: Draft) => Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...change(d) }));
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
          <CustomerPickupFields draft={draft} customers={customers} set={set} update={update} />
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
            <DepositFields tender={draft.tender} onChange={(tender) => set('tender', tender)} />
            <OrderTotals
              vat={draft.vat}
              onVat={(vat) => set('vat', vat)}
              totals={totals}
              minimum={minimum}
              percent={percent}
              deposited={deposit.sum}
            />
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
