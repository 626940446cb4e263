import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { CategoryType } from '../../../shared/schemas/settings';
import { NAME_MAX } from '../../../shared/texts/fields';
import { CATEGORY_TYPES, SETTINGS_TEXT, type SettingsList } from '../../../shared/texts/settings';
import { ModalActions } from '../../ui/ModalActions';
import { toast } from '../../ui/outcome';
import type { Draft } from './useSettingsLists';

/** Which list the modal adds to or edits, and the entry when editing. */
export interface ModalTarget {
  list: SettingsList;
  entry?: { id: number; name: string; type?: CategoryType };
}

const TYPE_LABELS: Record<CategoryType, string> = { inventory: 'Inventory', cake: 'Cake' };

const titleOf = (target: ModalTarget) =>
  `${target.entry ? 'Edit' : 'Add'} ${SETTINGS_TEXT.title(target.list)}`;

/**
 * Add or edit one entry: a name, and a type for a category. Blank fields are
 * marked here before anything is sent; the server's refusals (a duplicate) come as a toast.
 */
export function EntryModal({
  target,
  saving,
  onSave,
  onClose,
}: {
  target: ModalTarget | null;
  saving: boolean;
  onSave: (draft: Draft) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [type, setType] = useState<CategoryType | null>(null);
  const [errors, setErrors] = useState<{ name?: string; type?: string }>({});
  useEffect(() => {
    setName(target?.entry?.name ?? '');
    setType(target?.entry?.type ?? null);
    setErrors({});
  }, [target]);

  const isCategory = target?.list === 'category';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      toast(SETTINGS_TEXT.noSection, 'error');
      return;
    }
    const found = {
      name: name.trim() ? undefined : SETTINGS_TEXT.nameRequired,
      type: isCategory && !type ? SETTINGS_TEXT.typeRequired : undefined,
    };
    setErrors(found);
    if (found.name || found.type) return;
    onSave({ id: target.entry?.id, name: name.trim(), type: type ?? undefined });
  };

  const title = target ? titleOf(target) : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack>
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            maxLength={NAME_MAX}
            value={name}
            error={errors.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {isCategory ? (
            <Select
              label="Type"
              withAsterisk
              placeholder="Select a type"
              data={CATEGORY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              value={type}
              error={errors.type}
              onChange={(value) => setType(value as CategoryType | null)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          <ModalActions onCancel={onClose} submitLabel="Save" loading={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
