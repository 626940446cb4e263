import '@mantine/core/styles/Table.css';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type ShopProfileInput, shopProfileInput } from '../../../shared/schemas/settings';
import { FORM_TEXT } from '../../../shared/texts/fields';
import { SETTINGS_TEXT } from '../../../shared/texts/settings';
import { useTRPC } from '../../trpc';
import { confirmThen } from '../../ui/confirm';
import { useReportedMutation } from '../../ui/outcome';
import { type RecordFormField, RecordFormModal } from '../../ui/RecordFormModal';

type Profile = Record<keyof ShopProfileInput, string>;

const FIELDS: RecordFormField<Profile>[] = [
  { key: 'businessName', label: 'Business name', required: true, autoComplete: 'organization' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  { key: 'contact', label: 'Contact line' },
  { key: 'tin', label: 'TIN' },
  { key: 'birPermitNumber', label: 'BIR permit number' },
];

/** The server's own rules (a TIN in digit groups, lengths), checked before the confirmation. */
function checkProfile(values: Profile) {
  const parsed = shopProfileInput.safeParse(values);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const key = FIELDS.find((f) => f.key === issue?.path[0])?.key;
  return { key, text: issue?.message ?? SETTINGS_TEXT.profileSaveFailed };
}

/**
 * The shop profile: what the login footer and the receipts print. Admin and
 * owner (the only ones who see Settings) edit it, after a confirmation. A blank BIR
 * permit number reads "Not yet recorded", and the receipt says it is not official.
 */
export function ShopProfileCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useQuery(trpc.settings.shopProfile.queryOptions());
  const [editing, setEditing] = useState(false);
  const save = useReportedMutation(
    trpc.settings.saveShopProfile,
    { success: SETTINGS_TEXT.profileSaved, failure: SETTINGS_TEXT.profileSaveFailed },
    () => {
      void queryClient.invalidateQueries(trpc.settings.shopProfile.queryFilter());
      setEditing(false);
    },
  );
  const p = profile.data;
  const initial = useMemo<Profile>(
    () => ({
      businessName: p?.businessName ?? '',
      address: p?.address ?? '',
      contact: p?.contact ?? '',
      tin: p?.tin ?? '',
      birPermitNumber: p?.birPermitNumber ?? '',
    }),
    [p],
  );
  const shown = (value: string | undefined, blank: string = SETTINGS_TEXT.notSet) =>
    profile.isPending ? 'Loading...' : value?.trim() || blank;
  const rows: [string, string][] = FIELDS.map((f) => [
    f.label,
    shown(p?.[f.key], f.key === 'birPermitNumber' ? SETTINGS_TEXT.permitNotRecorded : SETTINGS_TEXT.notSet),
  ]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Shop Profile">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h3">
            Shop Profile
          </Title>
          <Button variant="light" size="xs" onClick={() => setEditing(true)} disabled={!p}>
            Edit
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          The login page footer and the receipts print these details.
        </Text>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="Shop Profile">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={170}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <RecordFormModal
        title="Edit Shop Profile"
        opened={editing}
        initial={initial}
        fields={FIELDS}
        requiredText={SETTINGS_TEXT.businessNameRequired}
        check={checkProfile}
        saving={save.isPending}
        onSave={(values) => confirmThen(FORM_TEXT.confirmSave, () => save.mutate(values))}
        onClose={() => setEditing(false)}
      />
    </Paper>
  );
}
