import { subscribeAgainTarget } from '@earn/domain';
import type { FixedHolding } from '@earn/domain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client.js';
import { fixedProductsQuery } from '../../../api/fixed-earn.js';
import { notifyError } from '../../../lib/notify.js';

/**
 * Subscribe again (spec): the order's product while it sells, else the best normal product of the
 * coin, else flexible Simple Earn for the coin, else the Simple Earn home.
 */
export function useSubscribeAgain(openFixed: (target: { asset: string; productId: number }) => void) {
  const qc = useQueryClient();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  return async (order: Pick<FixedHolding, 'asset' | 'product_id'>) => {
    try {
      const products = await qc.fetchQuery(fixedProductsQuery(0, i18n.language));
      const flexible = await api<unknown[]>('/apiw/v2/uni-loan/earn/coin-info', { query: { coin: order.asset } }).catch(
        () => [],
      );
      const target = subscribeAgainTarget(
        order.product_id,
        products.filter((p) => p.asset === order.asset),
        { hasFlexible: flexible.length > 0 },
      );
      if (target.kind === 'fixed') openFixed({ asset: order.asset, productId: target.productId });
      else if (target.kind === 'flexible') navigate(`/simple-earn?subscribe=${order.asset}`);
      else navigate('/simple-earn');
    } catch (e) {
      notifyError(e);
    }
  };
}
