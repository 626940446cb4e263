import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type OrderSettings, orderSettingsInput } from '../../../shared/schemas/cakeOrders';
import { CAKE_ORDERS_TEXT } from '../../../shared/texts/cakeOrders';
import { FORM_TEXT } from '../../../shared/texts/fields';
import { ORDER_SETTINGS_TEXT as T } from '../../../shared/texts/settings';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { useReportedMutation } from '../../ui/outcome';

type Field = keyof OrderSettings;
/** The form as typed: the numbers as their inputs hold them ('' when blank). */
interface Draft {
  minimumDepositPercent: string | number;
  maxOrdersPerDay: string | number;
  keepDepositOnStaffCancel: 'yes' | 'no';
}

const draftOf = (s: OrderSettings): Draft => ({
  minimumDepositPercent: s.minimumDepositPercent,
  maxOrdersPerDay: s.maxOrdersPerDay ?? '',
  keepDepositOnStaffCancel: s.keepDepositOnStaffCancel ? 'yes' : 'no',
});

const numberOrBlank = (v: string | number) => (v === '' ? null : Number(v));

/** The server's own rules, checked here first so a slip is marked on its field. */
function parseDraft(d: Draft): { settings: OrderSettings } | { field: Field; text: string } {
  const parsed = orderSettingsInput.safeParse({
    minimumDepositPercent: numberOrBlank(d.minimumDepositPercent),
    maxOrdersPerDay: numberOrBlank(d.maxOrdersPerDay),
    keepDepositOnStaffCancel: d.keepDepositOnStaffCancel === 'yes',
  });
  if (parsed.success) return { settings: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    field: (issue?.path[0] ?? 'minimumDepositPercent') as Field,
    text: issue?.message ?? T.saveFailed,
  };
}

/**
 * The cake order rules (admin, owner): the deposit that confirms an order, how many
 * orders a pickup day takes, and whether a staff cancellation keeps the deposit.
 */
export function CakeOrderSettingsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keepId = useId();
  const saved = useQuery(trpc.cakeOrders.settings.queryOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<{ field: Field; text: string } | null>(null);
  // The form starts from what is saved, and again after each save.
  useEffect(() => {
    if (saved.data) setDraft(draftOf(saved.data));
  }, [saved.data]);
  const save = useReportedMutation(
    trpc.cakeOrders.saveSettings,
    { success: CAKE_ORDERS_TEXT.settingsSaved, failure: T.saveFailed },
    () => void queryClient.invalidateQueries(trpc.cakeOrders.settings.queryFilter()),
  );

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    if (error?.field === key) setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const result = parseDraft(draft);
    if ('field' in result) {
      setError(result);
      return;
    }
    setError(null);
    confirmThen(FORM_TEXT.confirmSave, () => save.mutate(result.settings));
  };
  const errorOf = (field: Field) => (error?.field === field ? error.text : undefined);
  // Nothing to save until something changes: Save greys out again once saved.
  const unchanged = !draft || !saved.data || JSON.stringify(draft) === JSON.stringify(draftOf(saved.data));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={T.section}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {T.section}
          </Title>
          <Text size="sm" c="dimmed">
            {T.intro}
          </Text>
          <NumberInput
            label={T.minimumDeposit}
            description={T.minimumDepositHelp}
            suffix="%"
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={100}
            w={{ base: '100%', xs: 320 }}
            disabled={!draft}
            value={draft?.minimumDepositPercent ?? ''}
            onChange={(v) => set('minimumDepositPercent', v)}
            error={errorOf('minimumDepositPercent')}
          />
          <NumberInput
            label={T.maxOrders}
            description={T.maxOrdersHelp}
            placeholder={T.noLimit}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            w={{ base: '100%', xs: 320 }}
            disabled={!draft}
            value={draft?.maxOrdersPerDay ?? ''}
            onChange={(v) => set('maxOrdersPerDay', v)}
            error={errorOf('maxOrdersPerDay')}
          />
          <Input.Wrapper label={T.keepDeposit} description={T.keepDepositHelp} id={keepId} labelElement="div">
            <SegmentedControl
              aria-labelledby={`${keepId}-label`}
              mt={6}
              disabled={!draft}
              data={[
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
              ]}
              value={draft?.keepDepositOnStaffCancel ?? 'yes'}
              onChange={(v) => set('keepDepositOnStaffCancel', v === 'no' ? 'no' : 'yes')}
            />
          </Input.Wrapper>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={unchanged}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
