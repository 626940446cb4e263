import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { useDays } from './DateRange';
import { SalesSummary } from './SalesSummary';
import { ScPwdBook } from './ScPwdBook';
import { ZReadings } from './ZReadings';

type Tab = 'z' | 'book' | 'summary';

/**
 * The End of Day screen (admin, owner, manager): the Z readings with Take Z reading and
 * each reading's 80 mm printout, the SC/PWD sales book and the sales summary, each with its
 * .xlsx export. Each tab keeps its own dates while another is shown.
 */
export function EndOfDayScreen() {
  const [tab, setTab] = useState<Tab>('z');
  const zDays = useDays();
  const bookDays = useDays();
  const summaryDays = useDays();
  return (
    <Stack gap="md">
      <Title order={1}>End of Day</Title>
      <Tabs value={tab} onChange={(next) => setTab((next as Tab | null) ?? 'z')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="z">Z readings</Tabs.Tab>
          <Tabs.Tab value="book">SC/PWD sales book</Tabs.Tab>
          <Tabs.Tab value="summary">Sales summary</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="z">
          <ZReadings days={zDays} onDays={zDays.choose} today={zDays.today} />
        </Tabs.Panel>
        <Tabs.Panel value="book">
          <ScPwdBook days={bookDays} onDays={bookDays.choose} today={bookDays.today} />
        </Tabs.Panel>
        <Tabs.Panel value="summary">
          <SalesSummary days={summaryDays} onDays={summaryDays.choose} today={summaryDays.today} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
