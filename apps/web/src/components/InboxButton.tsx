import { ActionIcon, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useInbox } from '../api/inbox.js';

// The list and its pop-over come with the first click; the button and its unread count show at once.
const InboxPopover = lazy(() => import('./InboxPopover.js'));

/** The header inbox: new launch pools and other messages, with the unread count. */
export function InboxButton() {
  const { t } = useTranslation();
  const inbox = useInbox(true);
  const [used, setUsed] = useState(false);
  const unread = inbox.data?.unread ?? 0;
  const button = (
    <Indicator label={unread} size={16} disabled={unread === 0} offset={4}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('inbox.title')}
        data-testid="inbox"
        onClick={used ? undefined : () => setUsed(true)}
      >
        <IconMail size={20} stroke={1.8} />
      </ActionIcon>
    </Indicator>
  );
  if (!used) return button;
  return (
    <ErrorBoundary fallback={button}>
      <Suspense fallback={button}>
        <InboxPopover target={button} />
      </Suspense>
    </ErrorBoundary>
  );
}
