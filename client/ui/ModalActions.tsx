import { Button, Group } from '@mantine/core';

/** Cancel and the form's submit button, at the foot of every form modal. */
export function ModalActions({
  onCancel,
  submitLabel = 'Submit',
  loading = false,
}: {
  onCancel: () => void;
  submitLabel?: string;
  loading?: boolean;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" type="button" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
