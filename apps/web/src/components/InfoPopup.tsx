import { ActionIcon, Button, Popover, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../lib/use-is-mobile.js';
import { Dialog } from './Dialog.js';

/** An info mark: a pop-over on desktop; on mobile a dialog that 'finances.gotIt' closes. */
export function InfoPopup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [opened, { open, close, toggle }] = useDisclosure(false);
  const mark = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="xs"
      radius="xl"
      aria-label="info"
      onClick={isMobile ? open : toggle}
    >
      <IconInfoCircle size={14} stroke={1.8} />
    </ActionIcon>
  );
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
    <Popover opened={opened} onChange={(o) => (o ? open() : close())} width={280} withArrow shadow="md">
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
