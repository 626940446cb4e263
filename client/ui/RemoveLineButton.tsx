import { Button } from '@mantine/core';

/** Takes one line out of a form being edited (a recipe's ingredient, a purchase order's item). */
export function RemoveLineButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={onRemove}>
      Remove
    </Button>
  );
}
