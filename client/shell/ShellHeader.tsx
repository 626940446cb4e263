import { Burger, Group, Text } from '@mantine/core';
import { roleLabel } from '../../shared/roles';
import type { SessionUser } from '../../shared/schemas/auth';
import { useShopName } from '../shop';
import { Logo } from '../ui/Logo';

interface ShellHeaderProps {
  user: SessionUser | null;
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function ShellHeader({ user, navigationOpened, onToggleNavigation }: ShellHeaderProps) {
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
      {user ? (
        <Text size="sm" c="dimmed" truncate data-testid="logged-in-as">
          {`Logged in as: ${user.username} (${roleLabel(user.role)})`}
        </Text>
      ) : null}
    </Group>
  );
}
