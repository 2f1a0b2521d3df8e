import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The coin search box of the lists; the caller trims and uppercases (spec) and returns to page 1. */
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
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={width}
    />
  );
}
