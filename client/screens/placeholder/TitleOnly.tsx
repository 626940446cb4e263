import { Title } from '@mantine/core';

/** A menu entry whose screen is not built yet: just its title. */
export function TitleOnly({ title }: { title: string }) {
  return <Title order={1}>{title}</Title>;
}
