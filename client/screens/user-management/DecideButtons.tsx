import { Button, Group } from '@mantine/core';

/** The Approve (or Accept) and Reject pair of every request table. */
export function DecideButtons({
  approveLabel = 'Approve',
  onApprove,
  onReject,
  approveDisabled = false,
}: {
  approveLabel?: string;
  onApprove: () => void;
  onReject: () => void;
  approveDisabled?: boolean;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" color="green" disabled={approveDisabled} onClick={onApprove}>
        {approveLabel}
      </Button>
      <Button size="xs" color="red" variant="light" onClick={onReject}>
        Reject
      </Button>
    </Group>
  );
}
