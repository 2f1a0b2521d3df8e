import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clickOutsideCloses, closesNow, useEscapeClosesTop } from '../lib/use-escape-closes-top.js';
import { useFlowFocus } from '../lib/use-flow-focus.js';
import { useRefusalsIn } from './DialogRefusal.js';

/**
 * Mantine's Modal whose Escape closes it only when it is the top-most dialog, and a click outside
 * only when no pop-over was open over it; none closes it while a money call made from it is on its
 * way (closesNow); its close button is named. While it is the top-most
 * dialog, refusals (notifyError) are shown at its top, in view, instead of as toasts over it.
 */
export function Dialog({ children, ...props }: ModalProps) {
  const { t } = useTranslation();
  useEscapeClosesTop(props.opened, props.onClose);
  useFlowFocus(props.opened);
  const refusal = useRefusalsIn(props.opened);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      {...props}
      onClose={() => closesNow(props.onClose)}
      closeOnClickOutside={false}
      overlayProps={{
        ...props.overlayProps,
        onClick: () => {
          if (props.closeOnClickOutside !== false && clickOutsideCloses()) closesNow(props.onClose);
        },
      }}
    >
      {refusal}
      {children}
    </Modal>
  );
}
