import '@mantine/core/styles/SimpleGrid.css';
import { Badge, SimpleGrid, Stack, Title } from '@mantine/core';
import { type NamedList, SETTINGS_LISTS } from '../../../shared/texts/settings';
import { CakeOrderSettingsCard } from './CakeOrderSettingsCard';
import { SettingsSection } from './SettingsSection';
import { ShopProfileCard } from './ShopProfileCard';
import { useCategoryList, useNamedList } from './useSettingsLists';

/**
 * Settings (admin, owner): every settings list (Cake Sizes, Categories, Units of Measure),
 * each an add button and a table with Edit and Delete; then the shop profile and the cake order rules.
 */
export function SettingsScreen() {
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
