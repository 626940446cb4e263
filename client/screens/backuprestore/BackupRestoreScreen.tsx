import '@mantine/core/styles/SimpleGrid.css';
import { Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDatabase, IconDatabaseExport, IconDownload, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { BackupArea, RestoreOutcome } from '../../../shared/schemas/backup';
import { BACKUP_TEXT } from '../../../shared/texts/backup';
import { downloadFile, sendFile } from '../../ui/download';
import { toast } from '../../ui/outcome';
import { type Preview, RestorePreview } from './RestorePreview';

interface Card {
  area: BackupArea;
  title: string;
  holds: string;
}

const CARDS: Card[] = [
  {
    area: 'inventory',
    title: 'Inventory',
    holds:
      'Every item with its stock, prices, category, unit, supplier and expiry, and its lots: each delivery’s quantity, remaining, cost and expiry. Restore the supplier first.',
  },
  {
    area: 'cakes',
    title: 'Cakes',
    holds: 'Every cake with its price, stock, size, season and recipe. Restore the inventory first.',
  },
  { area: 'supplier', title: 'Supplier', holds: 'Every supplier with its contact, company and lead time.' },
  { area: 'customers', title: 'Customers', holds: 'Every customer with their contact details and address.' },
  {
    area: 'sales',
    title: 'Sales',
    holds: 'Every sale, refunded ones too, and each of its lines. Restore the customers first.',
  },
  {
    area: 'purchase-orders',
    title: 'Purchase Orders',
    holds:
      'Every purchase order with its status and lines: quantities ordered and received, unit costs. Restore the supplier and the inventory first.',
  },
  {
    area: 'cake-orders',
    title: 'Cake Orders',
    holds:
      'Every cake order with its lines, deposits and other payments, and its history. Restore the customers, the cakes and the sales first.',
  },
  {
    area: 'users',
    title: 'Users',
    holds:
      'Every account with its role and status, never a password: a restored account signs in after an approved password reset.',
  },
];

function AreaCard({
  icon,
  title,
  holds,
  children,
}: {
  icon: ReactNode;
  title: string;
  holds: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Group gap="xs" mb={4} wrap="nowrap">
            {icon}
            <Title order={2} size="h4">
              {title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {holds}
          </Text>
        </div>
        <Group gap="xs">{children}</Group>
      </Stack>
    </Paper>
  );
}

/** Backup downloads the file; failures read the screen's text. */
function BackupButton({ url, file, label = 'Backup' }: { url: string; file: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const backup = async () => {
    setBusy(true);
    try {
      await downloadFile(url, file);
    } catch {
      toast(BACKUP_TEXT.failed, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button leftSection={<IconDownload size={18} />} loading={busy} onClick={backup}>
      {label}
    </Button>
  );
}

const restoreUrl = (area: BackupArea, dryRun: boolean) =>
  `/api/backup/${area}/restore${dryRun ? '?dryRun=true' : ''}`;

/**
 * Backup and Restore (admin, owner), with a working restore: a card
 * per area downloads {area}_backup.xlsx or takes one back (preview first, then apply), and
 * Full backup downloads the whole database as one checked SQLite file.
 */
export function BackupRestoreScreen() {
  const [checking, setChecking] = useState<BackupArea | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [applying, setApplying] = useState(false);

  const check = async (card: Card, file: File | null) => {
    if (!file) return;
    setChecking(card.area);
    try {
      const { ok, body } = await sendFile<RestoreOutcome>(restoreUrl(card.area, true), file);
      if (ok) setPreview({ area: card.area, title: card.title, file, outcome: body });
      else toast(body.message ?? BACKUP_TEXT.restoreFailed, 'error');
    } catch {
      toast(BACKUP_TEXT.restoreFailed, 'error');
    } finally {
      setChecking(null);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setApplying(true);
    try {
      const { ok, body } = await sendFile<RestoreOutcome>(
        restoreUrl(preview.area as BackupArea, false),
        preview.file,
      );
      if (ok) {
        toast(BACKUP_TEXT.restored(preview.area as BackupArea, body.added, body.updated), 'success');
        setPreview(null);
      } else if (body.rejected) {
        // Something changed since the preview: show what the server refused now.
        setPreview({ ...preview, outcome: body });
      } else toast(body.message ?? BACKUP_TEXT.restoreFailed, 'error');
    } catch {
      toast(BACKUP_TEXT.restoreFailed, 'error');
    } finally {
      setApplying(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>Backup and Restore</Title>
      <Text c="dimmed" maw={760}>
        Each backup is an Excel workbook with a header row of field names. Restore takes the same file back:
        you see what it will add and update before anything changes. Keep backups somewhere other than this
        computer.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {CARDS.map((card) => (
          <AreaCard
            key={card.area}
            icon={<IconDatabaseExport size={20} aria-hidden />}
            title={card.title}
            holds={card.holds}
          >
            <BackupButton url={`/api/backup/${card.area}`} file={`${card.area}_backup.xlsx`} />
            <FileButton
              onChange={(file) => check(card, file)}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={18} />}
                  loading={checking === card.area}
                >
                  Restore
                </Button>
              )}
            </FileButton>
          </AreaCard>
        ))}
        <AreaCard
          icon={<IconDatabase size={20} aria-hidden />}
          title="Full backup"
          holds="The whole database in one file, checked before it downloads. A copy is also kept every day on the server (the last 14). Whoever runs the server restores one with npm run restore."
        >
          <BackupButton url="/api/backup/database" file="bakeshop.sqlite" label="Full backup" />
        </AreaCard>
      </SimpleGrid>
      <RestorePreview
        preview={preview}
        applying={applying}
        onApply={apply}
        onClose={() => setPreview(null)}
      />
    </Stack>
  );
}
