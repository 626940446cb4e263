import { Badge, Button, Modal, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '../../../../shared/roles';
import { TERMINAL_TEXT } from '../../../../shared/texts/bir';
import { useSessionUser } from '../../../shell/useSessionUser';
import { useDeviceTerminal } from '../../../terminal';
import { useOpenedOnce } from '../../../ui/lazyDialog';
import { toast } from '../../../ui/outcome';

/**
 * This device's terminal on the counter: its name, and the question "which terminal is this?"
 * when several exist and none is chosen yet. A manager and up can change it later; staff
 * never can, so a cashier cannot move the till's sales to another terminal's series.
 */
export function DeviceTerminal() {
  const { terminals, terminal, loading, mustChoose, choose } = useDeviceTerminal();
  const mayChange = can(useSessionUser()?.role, 'terminalChoose');
  const [changing, setChanging] = useState(false);
  const asking = mustChoose || changing;
  const drawn = useOpenedOnce(asking);
  const pick = (id: number, name: string) => {
    choose(id);
    setChanging(false);
    toast(TERMINAL_TEXT.chosen(name), 'success');
  };

  return (
    <>
      {terminal || loading ? (
        // While loading it holds its place unseen, so the bar does not grow when the answer lands.
        <Badge
          variant="outline"
          color="gray"
          leftSection={<IconDeviceDesktop size={14} />}
          title="This device's terminal"
          aria-hidden={loading || undefined}
          style={{ textTransform: 'none', visibility: loading ? 'hidden' : undefined }}
        >
          {terminal?.name ?? 'Counter 1'}
        </Badge>
      ) : null}
      {mayChange && terminals.length > 1 && !mustChoose ? (
        <Button size="compact-xs" variant="subtle" onClick={() => setChanging(true)}>
          Change terminal
        </Button>
      ) : null}
      {drawn ? (
        <Modal
          opened={asking}
          onClose={() => setChanging(false)}
          title={TERMINAL_TEXT.choose}
          centered
          size="sm"
          // The first choice must be made: without it the sales would go to the first terminal.
          withCloseButton={!mustChoose}
          closeOnClickOutside={!mustChoose}
          closeOnEscape={!mustChoose}
        >
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Its invoices are numbered on the chosen terminal's series. The choice is kept on this device.
            </Text>
            {terminals.map((t) => (
              <Button
                key={t.id}
                variant={t.id === terminal?.id ? 'filled' : 'light'}
                onClick={() => pick(t.id, t.name)}
              >
                {t.name}
              </Button>
            ))}
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
