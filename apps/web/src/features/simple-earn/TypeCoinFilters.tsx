import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TYPE_KEY } from './history-types.js';

/** The type and coin filters of a history tab (each change sends the table back to page 1 in the caller). */
export function TypeCoinFilters({
  types,
  type,
  onType,
  coins,
  asset,
  onAsset,
  testId,
}: {
  /** The record types this tab offers, in the order shown. */
  types: readonly number[];
  type: string;
  onType(type: string): void;
  coins: readonly string[];
  asset: string | null;
  onAsset(asset: string | null): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('earn.history.type')}
        value={type}
        allowDeselect={false}
        data-testid={testId}
        onChange={(v) => onType(v ?? '0')}
        data={[
          { value: '0', label: t('earn.history.all') },
          ...types.map((v) => ({ value: String(v), label: t(TYPE_KEY[v] as string) })),
        ]}
        w={200}
      />
      <Select
        label={t('assets.coin')}
        value={asset}
        clearable
        placeholder={t('earn.history.allCoins')}
        onChange={onAsset}
        data={[...coins]}
        w={140}
      />
    </>
  );
}
