import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { BACKUP_TEXT } from '../../../shared/schemas/backup';
import { downloadFile } from '../../ui/download';
import { toast } from '../../ui/outcome';

interface Card {
  title: string;
  holds: string;
  url: string;
  file: string;
}

const CARDS: Card[] = [
  {
    title: 'Inventory',
    holds: 'Every item with its stock, prices, category, unit, supplier and expiry.',
    url: '/api/backup/inventory',
    file: 'inventory_backup.xlsx',
  },
  {
    title: 'Supplier',
    holds: 'Every supplier with its contact and company.',
    url: '/api/backup/supplier',
    file: 'supplier_backup.xlsx',
  },
  {
    title: 'Sales',
    holds: 'Every sale, refunded ones too, and each of its lines.',
    url: '/api/backup/sales',
    file: 'sales_backup.xlsx',
  },
  {
    title: 'Users',
    holds: 'Every account with its role and status. Never a password.',
    url: '/api/backup/users',
    file: 'users_backup.xlsx',
  },
];

function BackupCard({ card }: { card: Card }) {
  const [busy, setBusy] = useState(false);
  const backup = async () => {
    setBusy(true);
    try {
      await downloadFile(card.url, card.file);
    } catch {
      toast(BACKUP_TEXT.failed, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={card.title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Group gap="xs" mb={4}>
            <IconDatabaseExport size={20} aria-hidden />
            <Title order={2} size="h4">
              {card.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {card.holds}
          </Text>
        </div>
        <Button leftSection={<IconDownload size={18} />} loading={busy} onClick={backup} w="fit-content">
          Backup
        </Button>
      </Stack>
    </Paper>
  );
}

/** SPEC.md §2 Backup and Restore (admin, owner): a card per area; each downloads {area}_backup.xlsx. */
export function BackupRestoreScreen() {
  return (
    <Stack gap="md">
      <Title order={1}>Backup and Restore</Title>
      <Text c="dimmed" maw={720}>
        Each backup is an Excel workbook with a header row of field names. Keep them somewhere other than this
        computer.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {CARDS.map((card) => (
          <BackupCard key={card.title} card={card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
