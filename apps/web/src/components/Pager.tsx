import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A list's page buttons, each named for a screen reader ("Previous page", "Page 3"), not only drawn. */
export function Pager({ total, page, onChange }: { total: number; page: number; onChange(page: number): void }) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={total}
      value={page}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      getItemProps={(n) => ({ 'aria-label': t('pager.page', { page: n }) })}
    />
  );
}
