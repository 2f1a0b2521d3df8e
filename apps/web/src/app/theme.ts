import { createTheme, Drawer, Modal } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei", sans-serif',
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  components: {
    // Mantine's Escape closes every open dialog at once; useEscapeClosesTop closes only the top one.
    Modal: Modal.extend({ defaultProps: { closeOnEscape: false } }),
    Drawer: Drawer.extend({ defaultProps: { closeOnEscape: false } }),
  },
});
