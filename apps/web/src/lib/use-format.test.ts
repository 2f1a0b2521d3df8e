import { renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useFormat } from './use-format.js';

it('says a rate given in percent with 2 places, or all of its own, never fewer than it pays', () => {
  const { result } = renderHook(() => useFormat());
  expect(result.current.percent('3')).toBe('3.00%');
  expect(result.current.percent('1.5')).toBe('1.50%');
  expect(result.current.percent('2.125')).toBe('2.125%');
});
