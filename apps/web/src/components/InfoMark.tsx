import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The small 'i' an info pop-up opens from. It passes on what it is given (a pop-over's target ref and
 * handlers among them), so the pop-over can be placed by it.
 */
export function InfoMark(props: ActionIconProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="gray" size="xs" radius="xl" aria-label={t('common.info')} {...props}>
      <IconInfoCircle size={14} stroke={1.8} />
    </ActionIcon>
  );
}
