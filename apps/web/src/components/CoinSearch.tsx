import { sanitizeCoinSearch } from '@earn/domain';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The coin search box of the lists: it takes only what a coin symbol can hold (the domain's rule);
 * the caller uppercases (spec) and returns to page 1.
 */
export function CoinSearch({
  value,
  onChange,
  width = 200,
}: {
  value: string;
  onChange(value: string): void;
  width?: number | string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      placeholder={t('common.search')}
      aria-label={t('common.search')}
      value={value}
      onChange={(e) => onChange(sanitizeCoinSearch(e.currentTarget.value))}
      w={width}
    />
  );
}
