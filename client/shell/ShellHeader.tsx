import { Burger, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { type Role, roleLabel } from '../../shared/roles';
import { useShopName } from '../shop';
import { Logo } from '../ui/Logo';

interface ShellHeaderProps {
  /** Who is signed in: plain values, so the server's copy of the same user draws nothing again. */
  username: string | undefined;
  role: Role | null | undefined;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export const ShellHeader = memo(function ShellHeader({
  username,
  role,
  navigationOpened,
  onToggleNavigation,
}: ShellHeaderProps) {
  const shopName = useShopName();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navigationOpened}
          onClick={onToggleNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label={navigationOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Logo size={32} />
        <Text fw={700} size="lg" truncate data-testid="shop-title">
          {shopName}
        </Text>
      </Group>
      {username !== undefined ? (
        <Text size="sm" c="dimmed" truncate data-testid="logged-in-as">
          {`Logged in as: ${username} (${roleLabel(role)})`}
        </Text>
      ) : null}
    </Group>
  );
});
