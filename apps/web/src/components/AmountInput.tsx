import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from './DecimalInput.js';

/** An amount to subscribe, stake or redeem, with a Max that fills in `max` (already rounded as the call sends it). */
export function AmountInput({
  label,
  placeholder,
  precision,
  value,
  onChange,
  error,
  disabled,
  max,
  testId,
}: {
  label: string;
  placeholder?: string;
  precision: number;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
  disabled?: boolean;
  max: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <DecimalInput
      label={label}
      placeholder={placeholder}
      precision={precision}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      data-testid={testId}
      rightSectionWidth={70}
      rightSection={
        <Button variant="subtle" size="compact-xs" disabled={disabled} onClick={() => onChange(max)}>
          {t('common.max')}
        </Button>
      }
    />
  );
}
