import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { can } from '../../../shared/roles';
import { useSessionUser } from '../../shell/useSessionUser';
import { useDays } from './DateRange';
import { Journal } from './Journal';
import { SalesSummary } from './SalesSummary';
import { ScPwdBook } from './ScPwdBook';
import { ZReadings } from './ZReadings';

type Tab = 'z' | 'book' | 'summary' | 'journal';

/**
 * The End of Day screen (admin, owner, manager): the Z readings with Take Z reading and
 * each reading's 80 mm printout, the SC/PWD sales book and the sales summary, each with its
 * .xlsx export, and for admin and owner the journal's check and text export. Each tab keeps
 * its own dates while another is shown.
 */
export function EndOfDayScreen() {
  const [tab, setTab] = useState<Tab>('z');
  const zDays = useDays();
  const bookDays = useDays();
  const summaryDays = useDays();
  const journalDays = useDays();
  const role = useSessionUser()?.role;
  return (
    <Stack gap="md">
      <Title order={1}>End of Day</Title>
      <Tabs value={tab} onChange={(next) => setTab((next as Tab | null) ?? 'z')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="z">Z readings</Tabs.Tab>
          <Tabs.Tab value="book">SC/PWD sales book</Tabs.Tab>
          <Tabs.Tab value="summary">Sales summary</Tabs.Tab>
          {can(role, 'journal') ? <Tabs.Tab value="journal">Journal</Tabs.Tab> : null}
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
        {can(role, 'journal') ? (
          <Tabs.Panel value="journal">
            <Journal days={journalDays} onDays={journalDays.choose} today={journalDays.today} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
