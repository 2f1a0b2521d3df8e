import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closesNow, useEscapeClosesTop } from '../lib/use-escape-closes-top.js';
import { useFlowFocus } from '../lib/use-flow-focus.js';
import { useIsMobile } from '../lib/use-is-mobile.js';
import { Dialog } from './Dialog.js';
import { useRefusalsIn } from './DialogRefusal.js';

export interface ResponsiveModalProps {
  opened: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  size?: string | number;
  /** Above other modals, for prompts raised while one is open (the fund password). */
  zIndex?: number;
  /** Whether a click outside closes it (default: yes). */
  closeOnClickOutside?: boolean;
}

/** A modal on desktop and a bottom sheet on mobile (below 768 px). */
export function ResponsiveModal({
  opened,
  onClose,
  title,
  children,
  size = 'md',
  zIndex,
  closeOnClickOutside = true,
}: ResponsiveModalProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  useEscapeClosesTop(opened && isMobile, onClose);
  useFlowFocus(opened && isMobile);
  // The desktop dialog (Dialog) shows its own.
  const refusal = useRefusalsIn(opened && isMobile);
  if (isMobile) {
    return (
      <Drawer
        opened={opened}
        onClose={() => closesNow(onClose)}
        title={title}
        position="bottom"
        // As tall as its content (Mantine has no 'auto' size: it made the sheet fill the screen,
        // hiding the page and the header above it).
        styles={{ content: { height: 'auto' } }}
        radius="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        closeOnClickOutside={closeOnClickOutside}
        {...(zIndex ? { zIndex } : {})}
      >
        {refusal}
        {children}
      </Drawer>
    );
  }
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered
      closeOnClickOutside={closeOnClickOutside}
      {...(zIndex ? { zIndex } : {})}
    >
      {children}
    </Dialog>
  );
}
