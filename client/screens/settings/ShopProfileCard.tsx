import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SETTINGS_TEXT } from '../../../shared/schemas/settings';
import { useTRPC } from '../../trpc';

/**
 * PRODUCT.md's shop profile, read-only for now: what the login footer and the receipts
 * print. A blank BIR permit number reads "Not yet recorded" until the shop has one.
 */
export function ShopProfileCard() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.settings.shopProfile.queryOptions());
  const p = profile.data;
  const shown = (value: string | undefined, blank: string = SETTINGS_TEXT.notSet) =>
    profile.isPending ? 'Loading...' : value?.trim() || blank;
  const fields: [string, string][] = [
    ['Business name', shown(p?.businessName)],
    ['Address', shown(p?.address)],
    ['Contact line', shown(p?.contact)],
    ['TIN', shown(p?.tin)],
    ['BIR permit number', shown(p?.birPermitNumber, SETTINGS_TEXT.permitNotRecorded)],
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Shop Profile">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Shop Profile
        </Title>
        <Text size="sm" c="dimmed">
          The login page footer and the receipts print these details.
        </Text>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="Shop Profile">
          <Table.Tbody>
            {fields.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={170}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
