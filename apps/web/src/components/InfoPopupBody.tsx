import { Button, Popover, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePopoverState } from '../lib/use-escape-closes-top.js';
import { useIsMobile } from '../lib/use-is-mobile.js';
import { Dialog } from './Dialog.js';
import { InfoMark } from './InfoMark.js';

/** The info mark's pop-over on desktop, or on mobile its dialog that 'finances.gotIt' closes. */
export function InfoPopupBody({
  title,
  children,
  opened: openedAtFirst = false,
}: {
  title?: ReactNode;
  children: ReactNode;
  /** Open at first: the mark was used before this code arrived. */
  opened?: boolean;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  // The dialog on mobile handles Escape itself; the pop-over closes alone, not a dialog under it.
  const { opened, open, close, toggle, onChange } = usePopoverState(openedAtFirst, !isMobile);
  const mark = <InfoMark onClick={isMobile ? open : toggle} />;
  if (isMobile) {
    return (
      <>
        {mark}
        <Dialog opened={opened} onClose={close} title={title} centered withCloseButton={false}>
          <Text size="sm">{children}</Text>
          <Button fullWidth mt="md" onClick={close}>
            {t('finances.gotIt')}
          </Button>
        </Dialog>
      </>
    );
  }
  return (
    <Popover opened={opened} onChange={onChange} width={280} withArrow shadow="md">
      <Popover.Target>{mark}</Popover.Target>
      <Popover.Dropdown>
        {title && (
          <Text fw={600} size="sm" mb={4}>
            {title}
          </Text>
        )}
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
