import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { FORM_TEXT } from '../../../shared/texts/fields';
import { confirmThen } from '../../ui/confirm';
import type { Procedure } from '../../ui/procedures';
import { useLastShown } from '../../ui/useLastShown';
import { saveOutcome, useRefreshInventory } from './inventory';

type Errors = Partial<Record<string, string>>;
/** The draft's yes-or-no fields. */
type BooleanKeys<Draft> = { [K in keyof Draft & string]: Draft[K] extends boolean ? K : never }[keyof Draft &
  string];

interface StockFormOptions<Target, Row, Draft, Fields, UpdateIn> {
  /** `{}` adds, `{ item }` or `{ cake }` edits; null is closed. */
  target: Target | null;
  editingOf: (target: Target) => Row | undefined;
  blank: Draft;
  draftOf: (row: Row) => Draft;
  /** The form's checks: a message per field, before anything is sent. */
  check: (draft: Draft, editing: Row | undefined) => Errors;
  fieldsOf: (draft: Draft) => Fields;
  add: Procedure<Fields>;
  update: Procedure<UpdateIn>;
  updateOf: (fields: Fields, editing: Row) => UpdateIn;
  texts: { added: string; updated: string };
  onClose: () => void;
  onAdded?: () => void;
}

/**
 * The item and cake forms' state and save: the draft starts afresh each time the form
 * opens, a field's message clears when it changes, and after the checks an add saves at
 * once while an edit asks 'Are you sure you want to save these changes?' first.
 */
export function useStockForm<Target, Row extends { id: number }, Draft, Fields, UpdateIn>(
  options: StockFormOptions<Target, Row, Draft, Fields, UpdateIn>,
) {
  const { target, blank, draftOf, onClose } = options;
  const refresh = useRefreshInventory();
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Errors>({});
  // The last target keeps the title while the modal fades out after `target` became null.
  const shown = useLastShown(target);
  const editing = shown ? options.editingOf(shown) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new target starts the form afresh.
  useEffect(() => {
    if (!target) return;
    const row = options.editingOf(target);
    setDraft(row ? draftOf(row) : blank);
    setErrors({});
  }, [target]);

  const add = useMutation(options.add.mutationOptions(saveOutcome(options.texts.added, refresh)));
  const update = useMutation(options.update.mutationOptions(saveOutcome(options.texts.updated, refresh)));

  /** Sets a field and clears its message (`error` names it when it differs from the field). */
  const set = <K extends keyof Draft & string>(key: K, value: Draft[K], error: string = key) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [error]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = options.check(draft, editing);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const fields = options.fieldsOf(draft);
    if (!editing) {
      add.mutate(fields, {
        onSuccess: () => {
          onClose();
          options.onAdded?.();
        },
      });
      return;
    }
    confirmThen(FORM_TEXT.confirmSave, () =>
      update.mutate(options.updateOf(fields, editing), { onSuccess: onClose }),
    );
  };

  return {
    draft,
    errors,
    editing,
    set,
    submit,
    saving: add.isPending || update.isPending,
    /** A text or date input's value, message and change. */
    typed: <K extends keyof Draft & string>(key: K, error: string = key) => ({
      value: draft[key],
      error: errors[error],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value as Draft[K], error),
    }),
    /** A number input's or a select's value, message and change. */
    picked: <K extends keyof Draft & string>(key: K) => ({
      value: draft[key],
      error: errors[key],
      onChange: (value: Draft[K]) => set(key, value),
    }),
    /** A checkbox's state, message and change, for a yes-or-no field of the draft. */
    ticked: <K extends BooleanKeys<Draft>>(key: K) => ({
      checked: draft[key] as boolean,
      error: errors[key],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.checked as Draft[K]),
    }),
  };
}
