import { Anchor, Group } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShareTarget } from './SharePosterDialog.js';

const SharePosterDialog = lazy(() => import('./SharePosterDialog.js'));

/** Opens the poster of a cumulative return; the poster and its QR code load on the first click. */
export function ShareButton({ amount, coin }: ShareTarget) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<ShareTarget | null>(null);
  return (
    <>
      <Anchor component="button" size="sm" onClick={() => setTarget({ amount, coin })} data-testid="share-return">
        <Group gap={4} wrap="nowrap">
          <IconShare size={14} />
          {t('earn.summary.share')}
        </Group>
      </Anchor>
      {target && (
        <Suspense fallback={null}>
          <SharePosterDialog target={target} onClose={() => setTarget(null)} />
        </Suspense>
      )}
    </>
  );
}
