import type { FixedProduct } from '@earn/domain/contract';

/** Two products of one term and kind, which only the operator's title tells apart. */
export const sameTerm = (a: FixedProduct, b: FixedProduct) =>
  a.lock_up_period === b.lock_up_period && a.type === b.type;
