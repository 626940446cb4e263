import '@mantine/core/styles/SimpleGrid.css';
import { Badge, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { SettingsList } from '../../../shared/schemas/settings';
import { SETTINGS_TEXT } from '../../../shared/texts/settings';
import { toast } from '../../ui/outcome';
import { EntryModal, type ModalTarget } from './EntryModal';
import { SettingsSection } from './SettingsSection';
import { ShopProfileCard } from './ShopProfileCard';
import { type Draft, useSettingsLists } from './useSettingsLists';

/**
 * Settings (admin, owner): Cake Sizes, Categories and Units of Measure, each an
 * add button and a table with Edit and Delete; then the shop profile, read-only for now.
 */
export function SettingsScreen() {
  const apis = useSettingsLists();
  const [target, setTarget] = useState<ModalTarget | null>(null);
  const close = () => setTarget(null);

  const save = (list: SettingsList, draft: Draft) => {
    const api = apis[list];
    if (!api) {
      toast(SETTINGS_TEXT.noSection, 'error');
      return;
    }
    api.save(draft, close);
  };

  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <SettingsSection
          api={apis.size}
          onAdd={() => setTarget({ list: 'size' })}
          onEdit={(entry) => setTarget({ list: 'size', entry })}
        />
        <SettingsSection
          api={apis.category}
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
          onAdd={() => setTarget({ list: 'category' })}
          onEdit={(entry) => setTarget({ list: 'category', entry })}
        />
        <SettingsSection
          api={apis.uom}
          onAdd={() => setTarget({ list: 'uom' })}
          onEdit={(entry) => setTarget({ list: 'uom', entry })}
        />
        <ShopProfileCard />
      </SimpleGrid>
      <EntryModal
        target={target}
        saving={target ? apis[target.list].saving : false}
        onSave={save}
        onClose={close}
      />
    </Stack>
  );
}
