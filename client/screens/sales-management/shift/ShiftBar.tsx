import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconCash, IconClipboardText, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { formatPeso } from '../../../../shared/money';
import { can } from '../../../../shared/roles';
import { COUNTER_OFFLINE_TEXT } from '../../../../shared/texts/offline';
import { SHIFT_TEXT } from '../../../../shared/texts/shifts';
import { formatDateTime } from '../../../../shared/time';
import { failureText } from '../../../errors';
import { useKept } from '../../../offline/kept';
import { stillWaiting } from '../../../offline/queue';
import { shiftKey } from '../../../offline/store';
import { useSessionUser } from '../../../shell/useSessionUser';
import { deviceTerminalId } from '../../../terminal';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../../trpc';
import { lazyDialog } from '../../../ui/lazyDialog';
import { toastOutcome } from '../../../ui/outcome';
import { counterToast } from '../counterToast';
import { DeviceTerminal } from './DeviceTerminal';
import { OpenDrawer } from './OpenDrawer';
import type { Reading } from './ReadingSheet';

// The shift dialogs and the X reading load when first opened (client/ui/lazyDialog.tsx).
const shiftModals = () => import('./ShiftModals');
const OpenShiftModal = lazyDialog(
  () => shiftModals().then((m) => m.OpenShiftModal),
  (p) => p.opened,
);
const CashMoveModal = lazyDialog(
  () => shiftModals().then((m) => m.CashMoveModal),
  (p) => p.opened,
);
const CloseShiftModal = lazyDialog(
  () => shiftModals().then((m) => m.CloseShiftModal),
  (p) => p.opened,
);
const ReadingDialog = lazyDialog(
  () => import('./ReadingDialog').then((m) => m.ReadingDialog),
  (p) => p.reading !== null,
);

type Dialog = 'open' | 'cash' | 'close' | null;

const HIDDEN = { visibility: 'hidden' } as const;

/**
 * The Counter: the cashier's shift. Open it with the opening cash; while it is
 * open, record cash in and out, read the X reading, and close it with the cash counted
 * (the closing reading shows the variance). Staff sell only inside a shift, so without one
 * the bar tells them to open it.
 */
export const ShiftBar = memo(function ShiftBar() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.shifts.current.queryOptions());
  const oversees = can(useSessionUser()?.role, 'salesOversee');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reading, setReading] = useState<Reading | null>(null);
  // Kept on the device: offline the bar still shows the shift the sales go into.
  const shift =
    useKept<RouterOutputs['shifts']['current']>(shiftKey(useSessionUser()?.id), current)?.shift ?? null;
  const refresh = () => queryClient.invalidateQueries(trpc.shifts.pathFilter());
  const done = (success: string) =>
    toastOutcome({ success, failure: 'Something went wrong.' }, () => {
      setDialog(null);
      void refresh();
    });
  const open = useMutation(trpc.shifts.open.mutationOptions(done(SHIFT_TEXT.opened)));
  // A refused cash move says why inside its dialog (kept open to correct), not in a toast too.
  const cash = useMutation(
    trpc.shifts.cash.mutationOptions({ ...done('Recorded.'), onError: () => undefined }),
  );
  const close = useMutation(
    trpc.shifts.close.mutationOptions({
      ...done(SHIFT_TEXT.closedOk),
      onSuccess: (answer) => {
        done(SHIFT_TEXT.closedOk).onSuccess(answer);
        setReading({ ...answer.reading, kind: 'X' });
      },
    }),
  );
  const showX = async () => {
    if (!shift) return;
    const x = await queryClient.fetchQuery({
      ...trpc.shifts.reading.queryOptions({ id: shift.id }),
      staleTime: 0,
    });
    setReading({ ...x, kind: 'X' });
  };
  const expected = useQuery({
    ...trpc.shifts.reading.queryOptions({ id: shift?.id ?? 0 }),
    enabled: dialog === 'close' && shift !== null,
    staleTime: 0,
  });

  return (
    <Paper withBorder radius="md" px="sm" py={6} component="section" aria-label="Counter">
      <Group justify="space-between" gap="xs">
        {shift ? (
          <Group gap="xs">
            <Badge color="green" variant="light">
              Shift #{shift.id} open
            </Badge>
            <Text size="sm" c="dimmed">
              since {formatDateTime(shift.openedAt)} · opening cash {formatPeso(shift.openingCash)}
            </Text>
          </Group>
        ) : (
          // While loading, the no-shift line holds its place unseen: the bar keeps its height
          // and the product table below does not jump when the answer lands (Lighthouse CLS).
          <Text
            size="sm"
            c={oversees ? 'dimmed' : undefined}
            fw={oversees ? undefined : 600}
            aria-busy={current.isPending}
            style={current.isPending ? HIDDEN : undefined}
          >
            {oversees ? SHIFT_TEXT.noShiftOversee : SHIFT_TEXT.noShiftStaff}
          </Text>
        )}
        <Group gap={6}>
          <DeviceTerminal />
          <OpenDrawer />
          {shift ? (
            <>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconCash size={16} />}
                onClick={() => {
                  cash.reset();
                  setDialog('cash');
                }}
              >
                Cash in / out
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconClipboardText size={16} />}
                onClick={showX}
              >
                X reading
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconLock size={16} />}
                onClick={() => {
                  close.reset();
                  setDialog('close');
                }}
              >
                Close shift
              </Button>
            </>
          ) : (
            <Button
              size="compact-sm"
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => setDialog('open')}
              disabled={current.isPending}
            >
              Open shift
            </Button>
          )}
        </Group>
      </Group>
      {dialog === 'open' ? (
        <OpenShiftModal
          opened
          onClose={() => setDialog(null)}
          pending={open.isPending}
          onOpen={(openingCash) => open.mutate({ openingCash, terminalId: deviceTerminalId() })}
        />
      ) : null}
      {dialog === 'cash' && shift ? (
        <CashMoveModal
          opened
          onClose={() => setDialog(null)}
          pending={cash.isPending}
          refusal={cash.error ? failureText(cash.error, SHIFT_TEXT.cashFailed) : null}
          onMove={(move) => cash.mutate({ id: shift.id, ...move })}
        />
      ) : null}
      {dialog === 'close' && shift ? (
        <CloseShiftModal
          opened
          onClose={() => setDialog(null)}
          pending={close.isPending}
          expectedCash={expected.data?.expectedCash ?? null}
          refusal={close.error ? failureText(close.error, SHIFT_TEXT.closeFailed) : null}
          onCloseShift={(countedCash) =>
            // The sales made offline in this shift must reach it before its cash is counted.
            void stillWaiting(client).then((waiting) =>
              waiting > 0
                ? counterToast(COUNTER_OFFLINE_TEXT.closeShiftWaits(waiting), 'error')
                : close.mutate({ id: shift.id, countedCash }),
            )
          }
        />
      ) : null}
      <ReadingDialog reading={reading} onClose={() => setReading(null)} />
    </Paper>
  );
});
