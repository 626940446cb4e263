import { Center, Loader } from '@mantine/core';

/** A small centred spinner while a screen's code arrives (the Suspense fallback of every lazy screen). */
export function ScreenLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
