import { Modal, type ModalProps } from '@mantine/core';
import { useEscapeClosesTop } from '../lib/use-escape-closes-top.js';

/** Mantine's Modal whose Escape closes it only when it is the top-most dialog. */
export function Dialog(props: ModalProps) {
  useEscapeClosesTop(props.opened, props.onClose);
  return <Modal {...props} />;
}
