import { isUSRegion } from '@earn/domain';
import { Anchor, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { type ReactElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../api/account.js';
import { useInbox, useMarkRead } from '../api/inbox.js';
import { inboxParams } from '../lib/inbox-params.js';
import { usePopoverState } from '../lib/use-escape-closes-top.js';
import { useFormat } from '../lib/use-format.js';
import { useIsMobile } from '../lib/use-is-mobile.js';

/**
 * The inbox's list under its header button: messages newest first, a page at a time, mark all read.
 * Opened, it takes the keyboard's focus (Tab moves through it, Escape gives focus back to the button).
 */
export function InboxPopover({
  target,
  opened = false,
}: {
  /** The header button, given what its click does (a controlled pop-over's target does not toggle it). */
  target: (onClick: () => void) => ReactElement;
  opened?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  // A US reader commits where others stake (spec): a message's `_us` wording where it has one.
  const me = useMe();
  const context = isUSRegion(me.data?.region ?? '') ? 'us' : undefined;
  /** A message in the reader's language when it has a key we know, else the server's English. */
  const text = (m: { key?: string; params?: Record<string, string> }, part: 'title' | 'body', english: string) =>
    m.key && i18n.exists(`${m.key}.${part}`)
      ? t(`${m.key}.${part}`, { ...inboxParams(m.params ?? {}), context })
      : english;
  const navigate = useNavigate();
  const inbox = useInbox(true);
  const markRead = useMarkRead();
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  // Pages read at offsets: a message that came in between can be on two of them.
  const messages = [...new Map((inbox.data?.pages ?? []).flatMap((p) => p.list).map((m) => [m.id, m])).values()];
  // On a phone it covers the page: Back closes it, as it closes a dialog.
  const isMobile = useIsMobile();
  const popover = usePopoverState(opened, true, isMobile);
  // Opened, it shows the inbox as it is now: a message may have come since the last read (a minute
  // apart).
  const { refetch } = inbox;
  useEffect(() => {
    if (popover.opened) void refetch();
  }, [popover.opened, refetch]);
  return (
    <Popover
      width={320}
      position="bottom-end"
      shadow="md"
      opened={popover.opened}
      onChange={popover.onChange}
      trapFocus
      returnFocus
    >
      <Popover.Target>{target(popover.toggle)}</Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('inbox.title')}</Text>
          {unread > 0 && (
            <Anchor component="button" size="xs" onClick={() => markRead.mutate(undefined)}>
              {t('inbox.markAll')}
            </Anchor>
          )}
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Stack gap="xs">
            {messages.map((m, i) => (
              <Anchor
                key={m.id}
                // The keyboard lands on the newest message, not on "Mark all read" (one Enter from done).
                data-autofocus={i === 0 || undefined}
                component="button"
                ta="left"
                c="inherit"
                underline="never"
                onClick={() => {
                  if (!m.read) markRead.mutate([m.id]);
                  popover.close();
                  navigate(m.link);
                }}
              >
                <Text size="sm" fw={m.read ? 400 : 700}>
                  {text(m, 'title', m.title)}
                </Text>
                <Text size="xs" c="dimmed">
                  {text(m, 'body', m.body)} · {fmt.dateTime(m.created_at * 1000)}
                </Text>
              </Anchor>
            ))}
            {inbox.isSuccess && messages.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('inbox.empty')}
              </Text>
            )}
            {inbox.hasNextPage && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={inbox.isFetchingNextPage}
                onClick={() => void inbox.fetchNextPage()}
                data-testid="inbox-more"
              >
                {t('earn.loadMore')}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
