import type { WealthOrder, WealthProduct } from '@earn/domain/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { WealthOrderSuccess } from './WealthOrderSuccess.js';

/** A wealth order's modal: its form until the order is taken, then the success view (reset on close). */
export function WealthOrderDialog({
  product,
  titleKey,
  onClose,
  form,
}: {
  product: WealthProduct | null;
  titleKey: 'wealth.subscribeTitle' | 'wealth.redeemTitle';
  onClose(): void;
  form(product: WealthProduct, onDone: (order: WealthOrder) => void): ReactNode;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState<WealthOrder | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <ResponsiveModal
      opened={product !== null}
      onClose={close}
      title={product ? t(titleKey, { name: product.name }) : ''}
    >
      {product && !done && form(product, setDone)}
      {product && done && <WealthOrderSuccess order={done} onClose={close} />}
    </ResponsiveModal>
  );
}
