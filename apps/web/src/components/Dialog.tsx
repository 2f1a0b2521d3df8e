import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clickOutsideCloses, useEscapeClosesTop } from '../lib/use-escape-closes-top.js';
import { useRefusalsIn } from './DialogRefusal.js';

/**
 * Mantine's Modal whose Escape closes it only when it is the top-most dialog, and a click outside
 * only when no pop-over was open over it; its close button is named. While it is the top-most
 * dialog, refusals (notifyError) are shown at its top, in view, instead of as toasts over it.
 */
export function Dialog({ children, ...props }: ModalProps) {
  const { t } = useTranslation();
  useEscapeClosesTop(props.opened, props.onClose);
  const refusal = useRefusalsIn(props.opened);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      {...props}
      closeOnClickOutside={false}
      overlayProps={{
        ...props.overlayProps,
        onClick: () => {
          if (props.closeOnClickOutside !== false && clickOutsideCloses()) props.onClose();
        },
      }}
    >
      {refusal}
      {children}
    </Modal>
  );
}
