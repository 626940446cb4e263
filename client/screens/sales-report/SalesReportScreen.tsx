import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { PeriodInput } from '../../../shared/schemas/reports';
import { REPORT_TEXT } from '../../../shared/texts/reports';
import { manilaDate } from '../../../shared/time';
import { useTRPC } from '../../trpc';
import { type ChosenPeriod, PeriodPicker, periodAsked, thisMonth } from '../../ui/PeriodPicker';
import { ScreenLoader } from '../../ui/ScreenLoader';
import { useDownload } from '../../ui/useDownload';
import { ReceiptDialog } from '../sales-management/ReceiptDialog';
import { SalesBreakdowns } from './SalesBreakdowns';
import { SummaryCards } from './SummaryCards';
import { TransactionRecords } from './TransactionRecords';

const ReportCharts = lazy(() => import('./ReportCharts').then((m) => ({ default: m.ReportCharts })));

/** The Sales Report (admin, owner): cards, records and charts all follow one Manila period. */
export function SalesReportScreen() {
  const trpc = useTRPC();
  const today = manilaDate();
  const [chosen, setChosen] = useState<ChosenPeriod>(thisMonth(today));
  const [shown, setShown] = useState<PeriodInput>({ range: 'month' });
  const [saleRef, setSaleRef] = useState<string | null>(null);
  const { busy: exporting, download } = useDownload(REPORT_TEXT.exportFailed);
  const summary = useQuery({
    ...trpc.reports.summary.queryOptions(shown),
    placeholderData: keepPreviousData,
  });

  const choose = (next: ChosenPeriod) => {
    setChosen(next);
    const period = periodAsked(next);
    if (period) setShown(period);
  };
  const exportRecords = () => {
    const query = new URLSearchParams(Object.entries(shown).filter(([, v]) => v) as [string, string][]);
    void download(`/api/salesReport/export?${query}`, 'sales_report.xlsx');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>Sales Report</Title>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
          loading={exporting}
          // Not while the dates on screen are not the period shown: the file would be another one's.
          disabled={periodAsked(chosen) === null}
          onClick={exportRecords}
        >
          Export to Excel
        </Button>
      </Group>
      <PeriodPicker value={chosen} onChange={choose} today={today} />
      <SummaryCards summary={summary.data} />
      <TransactionRecords period={shown} onOpen={setSaleRef} />
      <SalesBreakdowns period={shown} />
      {summary.data ? (
        <Suspense fallback={<ScreenLoader />}>
          <ReportCharts summary={summary.data} />
        </Suspense>
      ) : null}
      <ReceiptDialog saleRef={saleRef} onClose={() => setSaleRef(null)} />
    </Stack>
  );
}
