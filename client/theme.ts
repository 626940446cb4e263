import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'pink',
  defaultRadius: 'md',
});
