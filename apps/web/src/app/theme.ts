import { createTheme, type DrawerProps, type ModalProps } from '@mantine/core';
import badge from './Badge.module.css';
import tabs from './Tabs.module.css';

// Plain objects rather than Modal.extend, Drawer.extend and Tabs.extend: importing the components
// here would put their code (and the scroll lock's) on every first page.
const escapeClosesTopOnly = { defaultProps: { closeOnEscape: false } } satisfies {
  defaultProps: Partial<ModalProps & DrawerProps>;
};

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei", sans-serif',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  components: {
    // Mantine's Escape closes every open dialog at once; useEscapeClosesTop closes only the top one.
    Modal: escapeClosesTopOnly,
    Drawer: escapeClosesTopOnly,
    Tabs: { classNames: { list: tabs.list, tab: tabs.tab } },
    Badge: { classNames: { root: badge.root } },
  },
});
