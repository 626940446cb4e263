import { Image } from '@mantine/core';

/** The shop's mark; served from public/ so it never becomes an inline data: URL. */
export function Logo({ size = 36 }: { size?: number }) {
  return <Image src="/logo.svg" alt="Shop logo" h={size} w={size} fit="contain" />;
}
