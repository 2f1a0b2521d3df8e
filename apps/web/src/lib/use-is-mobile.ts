import { useMediaQuery } from '@mantine/hooks';

/** Mobile breakpoint of the spec: 768 px. */
export const MOBILE_QUERY = '(max-width: 768px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
