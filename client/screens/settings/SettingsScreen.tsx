import '@mantine/core/styles/SimpleGrid.css';
import { Badge, SimpleGrid, Stack, Title } from '@mantine/core';
import { can } from '../../../shared/roles';
import { type NamedList, SETTINGS_LISTS } from '../../../shared/texts/settings';
import { useSessionUser } from '../../shell/useSessionUser';
import { CakeOrderSettingsCard } from './CakeOrderSettingsCard';
import { PrintersCard } from './PrintersCard';
import { SettingsSection } from './SettingsSection';
import { ShopProfileCard } from './ShopProfileCard';
import { TerminalsCard } from './TerminalsCard';
import { useCategoryList, useNamedList } from './useSettingsLists';

/**
 * Settings (admin, owner): every settings list (Cake Sizes, Categories, Units of Measure),
 * each an add button and a table with Edit and Delete; then the shop profile and the cake order rules;
 * then the terminals (tills) and their BIR registration, and their receipt printers.
 */
export function SettingsScreen() {
  const role = useSessionUser()?.role;
  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        {SETTINGS_LISTS.map((list) =>
          list === 'category' ? <CategorySection key={list} /> : <NamedSection key={list} list={list} />,
        )}
        {/* One cell: the rules sit under the profile, not under the long units list. */}
        <Stack gap="lg">
          <ShopProfileCard />
          <CakeOrderSettingsCard />
        </Stack>
      </SimpleGrid>
      {/* Full width: its table has a column for each registration detail. */}
      {can(role, 'terminals') ? <TerminalsCard /> : null}
      {can(role, 'printers') ? <PrintersCard /> : null}
    </Stack>
  );
}

function NamedSection({ list }: { list: NamedList }) {
  return <SettingsSection api={useNamedList(list)} />;
}

function CategorySection() {
  return (
    <SettingsSection
      api={useCategoryList()}
      describe={(entry) => `${entry.name} (${entry.type})`}
      extraColumns={[
        {
          header: 'Type',
          cell: (entry) => (
            // Its natural width: a squeezed column would cut "Inventory" to "Inve...".
            <Badge
              variant="light"
              color={entry.type === 'cake' ? 'pink' : 'blue'}
              tt="capitalize"
              style={{ minWidth: 'max-content' }}
            >
              {entry.type}
            </Badge>
          ),
          nowrap: true,
        },
      ]}
    />
  );
}
