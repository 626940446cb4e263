import { Center, Paper, ScrollArea, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/constants';
import { ACCOUNT_TEXT } from '../../../shared/texts/accounts';
import { formatDateTime } from '../../../shared/time';
import { UNREAD_CHECK_MS } from '../../shell/unread';
import { type RouterOutputs, useTRPC, useTRPCClient } from '../../trpc';

type Notice = RouterOutputs['notifications']['list']['rows'][number];

const ICONS = {
  info: { icon: IconInfoCircle, color: 'blue' },
  warning: { icon: IconAlertTriangle, color: 'orange' },
  success: { icon: IconCircleCheck, color: 'green' },
  error: { icon: IconCircleX, color: 'red' },
} as const;

/** The next page loads within 80 px of the bottom, checked at most every 100 ms. */
const NEAR_BOTTOM_PX = 80;
const SCROLL_THROTTLE_MS = 100;

export function NotificationsScreen() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const viewport = useRef<HTMLDivElement>(null);
  const list = useInfiniteQuery({
    queryKey: [...trpc.notifications.list.queryKey(), 'scroll'],
    queryFn: ({ pageParam }) =>
      client.notifications.list.query({ page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE }),
    initialPageParam: 1,
    // Stop when a page comes back short.
    getNextPageParam: (last) => (last.rows.length < NOTIFICATIONS_PAGE_SIZE ? undefined : last.page + 1),
  });
  const markSeen = useMutation(
    trpc.notifications.markSeen.mutationOptions({
      onSuccess: async () => {
        // A count asked for before this answer must not bring the old number back.
        await queryClient.cancelQueries({ queryKey: trpc.notifications.unreadCount.queryKey() });
        queryClient.setQueryData(trpc.notifications.unreadCount.queryKey(), 0);
      },
    }),
  );
  // The same check as the badge's (one query): while the list is open, what arrives is
  // loaded into it and read at once, so the badge does not come back.
  const unread = useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    refetchInterval: UNREAD_CHECK_MS,
  });
  const opened = useRef(false);
  // Opening the list reads everything in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening, then when the count rises
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      markSeen.mutate();
    } else if ((unread.data ?? 0) > 0 && !markSeen.isPending) {
      void list.refetch().then(() => markSeen.mutate());
    }
  }, [unread.data]);

  const loadMoreIfNear = () => {
    const el = viewport.current;
    if (!el || !list.hasNextPage || list.isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX) void list.fetchNextPage();
  };
  const onScroll = useThrottledCallback(loadMoreIfNear, SCROLL_THROTTLE_MS);
  // A tall screen may show a whole page without a scroll bar: keep loading until it can scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check after each page
  useEffect(loadMoreIfNear, [list.data, list.hasNextPage, list.isFetchingNextPage]);

  const notices: Notice[] = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const footer =
    list.isPending || list.isFetchingNextPage
      ? ACCOUNT_TEXT.loading
      : notices.length === 0
        ? ACCOUNT_TEXT.noNotifications
        : list.hasNextPage
          ? null
          : ACCOUNT_TEXT.noMoreNotifications;

  return (
    <Stack gap="md">
      <Title order={1}>Notifications</Title>
      <ScrollArea.Autosize
        mah="calc(100dvh - 180px)"
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        type="auto"
        aria-label="Notifications list"
      >
        <Stack gap="sm" pr="sm">
          {notices.map((n) => (
            <NoticeCard key={n.id} notice={n} />
          ))}
          {footer ? (
            <Center py="sm">
              <Text c="dimmed" size="sm" role="status">
                {footer}
              </Text>
            </Center>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  const { icon: Icon, color } = ICONS[notice.type];
  return (
    <Paper withBorder p="sm" radius="md" data-type={notice.type} component="article">
      <Stack gap={4}>
        <Text size="sm" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <ThemeIcon color={color} variant="light" size="md" radius="xl" aria-label={notice.type}>
            <Icon size={18} />
          </ThemeIcon>
          {notice.message}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(notice.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}
