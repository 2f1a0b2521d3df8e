import { ActionIcon, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../api/inbox.js';
import { fetchedApart, PartOnUse } from './fetched-apart.js';

// The list and its pop-over are not on the first load; the button and its unread count show at once.
const popover = fetchedApart(() => import('./InboxPopover.js').then((m) => m.InboxPopover));

/** The header inbox: new launch pools and other messages, with the unread count. */
export function InboxButton() {
  const { t } = useTranslation();
  const inbox = useInbox(true);
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const button = (onClick?: () => void) => (
    <Indicator label={unread} size={16} disabled={unread === 0} offset={4}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={unread > 0 ? t('inbox.unreadLabel', { count: unread }) : t('inbox.title')}
        data-testid="inbox"
        onClick={onClick}
      >
        <IconMail size={20} stroke={1.8} />
      </ActionIcon>
    </Indicator>
  );
  return <PartOnUse part={popover} props={{ target: button }} plain={button} />;
}
