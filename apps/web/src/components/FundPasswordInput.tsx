import { PinInput, Stack, Text } from '@mantine/core';

export interface FundPasswordInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
}

/** Six masked digits, as a labelled group so screen readers (and tests) find it by its label. */
export function FundPasswordInput({ label, value, onChange, autoFocus }: FundPasswordInputProps) {
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm">{label}</Text>
      <PinInput
        length={6}
        type="number"
        mask
        oneTimeCode
        autoFocus={autoFocus ?? false}
        value={value}
        onChange={onChange}
        getInputProps={(index) => ({
          'aria-label': `${label} ${index + 1}/6`,
          // Inside a modal the focus trap picks the element marked data-autofocus, not autoFocus.
          ...(autoFocus && index === 0 ? { 'data-autofocus': true } : {}),
        })}
      />
    </Stack>
  );
}
