import { Text } from '@mantine/core';
import { manilaYear } from '../../../shared/time';
import { useShopName } from '../../shop';

/** A copyright line for the current (Manila) year with the shop's business name. */
export function LoginFooter() {
  const shopName = useShopName();
  return (
    <Text component="footer" ta="center" size="sm" c="dimmed" py="md">
      {`© ${manilaYear()} ${shopName}`}
    </Text>
  );
}
