import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FORM_TEXT } from '../../../shared/texts/fields';
import { PO_NOTES_MAX, PURCHASING_TEXT } from '../../../shared/texts/purchasing';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { ModalActions } from '../../ui/ModalActions';
import { useReportedMutation } from '../../ui/outcome';
import { useLastShown } from '../../ui/useLastShown';
import { PoLinesEditor } from './PoLinesEditor';
import { BLANK_PO, checkPo, hasErrors, type PoDraft, type PoErrors, poDraftOf, poFieldsOf } from './poDraft';
import { type PurchaseOrder, useRefreshPurchaseOrders, useSupplierOptions } from './purchasing';
import { PO_SCREEN_TEXT } from './text';

/** `{}` drafts a new order, `{ order }` edits a Draft; null is closed. */
export interface PoTarget {
  order?: PurchaseOrder;
}

const labels = PURCHASING_TEXT.labels;

/**
 * Drafts a purchase order or edits a Draft: the supplier, the expected date, notes and the
 * lines, with each line's total and the order's total as they are typed. A new order saves
 * at once; an edit asks 'Are you sure you want to save these changes?' first.
 */
export function PoFormModal({ target, onClose }: { target: PoTarget | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshPurchaseOrders();
  const suppliers = useSupplierOptions();
  const [draft, setDraft] = useState<PoDraft>(BLANK_PO);
  const [errors, setErrors] = useState<PoErrors>({});
  // The last target keeps the title while the modal fades out.
  const shown = useLastShown(target);
  const editing = shown?.order;

  // Only a new target starts the form afresh.
  useEffect(() => {
    if (!target) return;
    setDraft(target.order ? poDraftOf(target.order) : BLANK_PO);
    setErrors({});
  }, [target]);

  const texts = { success: PO_SCREEN_TEXT.saved, failure: PO_SCREEN_TEXT.saveFailed };
  const create = useReportedMutation(trpc.purchaseOrders.create, texts, refresh);
  const update = useReportedMutation(trpc.purchaseOrders.update, texts, refresh);

  const set = <K extends keyof PoDraft>(key: K, value: PoDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (key === 'lines' ? { supplierId: e.supplierId } : { ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPo(draft);
    setErrors(found);
    if (hasErrors(found)) return;
    const fields = poFieldsOf(draft);
    if (!editing) {
      create.mutate(fields, { onSuccess: onClose });
      return;
    }
    confirmThen(FORM_TEXT.confirmSave, () =>
      update.mutate({ id: editing.id, ...fields }, { onSuccess: onClose }),
    );
  };
  const title = editing ? `${PURCHASING_TEXT.edit} ${editing.poNumber}` : PURCHASING_TEXT.add;

  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="xl">
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Select
              label={labels.supplier}
              withAsterisk
              placeholder="Select a supplier"
              data={suppliers}
              value={draft.supplierId}
              error={errors.supplierId}
              onChange={(value) => set('supplierId', value)}
              searchable
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={labels.expectedDate}
              type="date"
              value={draft.expectedDate}
              onChange={(e) => set('expectedDate', e.currentTarget.value)}
            />
          </SimpleGrid>
          <PoLinesEditor lines={draft.lines} onChange={(lines) => set('lines', lines)} errors={errors} />
          <Textarea
            label={labels.notes}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={PO_NOTES_MAX}
            value={draft.notes}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />
          <ModalActions
            onCancel={onClose}
            submitLabel={PO_SCREEN_TEXT.saveDraft}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
