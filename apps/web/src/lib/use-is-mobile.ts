import { useMediaQuery } from '@mantine/hooks';

/**
 * Mobile below the spec's 768 px breakpoint, the same edge as the header's (Mantine's sm, 48em), so
 * at exactly 768 px the header and the content agree.
 */
export const MOBILE_QUERY = '(max-width: 47.99em)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
