import { Button, Group, Image, Skeleton, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferralInfo } from '../../../api/account.js';
import { ResponsiveModal } from '../../../components/ResponsiveModal.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { useFormat } from '../../../lib/use-format.js';
import { drawPoster, POSTER_HEIGHT, POSTER_WIDTH } from './draw-poster.js';

/** Referral links from a shared poster carry the spec's reference type. */
const REFERENCE_TYPE = 121;

export interface ShareTarget {
  /** The cumulative return, a decimal string. */
  amount: string;
  coin: string;
}

/**
 * The cumulative-return poster (loaded only when asked for, with its QR code library): drawn on a canvas with the user's referral QR code, shown as an
 * image (long-press saves it on a phone), downloadable as a PNG, and its link copyable.
 */
export default function SharePosterDialog({ target, onClose }: { target: ShareTarget; onClose(): void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const referral = useReferralInfo(true);
  const [image, setImage] = useState<string | null>(null);
  const code = referral.data?.kol_code;
  const link = code ? `${window.location.origin}/simple-earn?ref=${code}&ref_type=${REFERENCE_TYPE}` : null;

  useEffect(() => {
    if (!link || !code) return;
    const canvas = document.createElement('canvas');
    canvas.width = POSTER_WIDTH;
    canvas.height = POSTER_HEIGHT;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    drawPoster(ctx, {
      brand: t('earn.share.brand'),
      label: t('earn.share.label'),
      amount: `+${fmt.amount(target.amount)} ${target.coin}`,
      caption: t('earn.share.caption'),
      codeLine: t('earn.share.code', { code }),
      scan: t('earn.share.scan'),
      link,
    });
    setImage(canvas.toDataURL('image/png'));
  }, [target, link, code, t, fmt]);

  const copy = () =>
    link &&
    navigator.clipboard.writeText(link).then(
      () => notifySuccess(t('Copied')),
      (e: unknown) => notifyError(e),
    );

  return (
    <ResponsiveModal opened onClose={onClose} title={t('earn.share.title')} size="sm">
      <Stack align="center">
        {image ? (
          <Image src={image} alt={t('earn.share.title')} w="100%" maw={320} radius="md" data-testid="share-poster" />
        ) : (
          <Skeleton w={320} maw="100%" h={480} radius="md" />
        )}
        <Group grow w="100%" maw={320}>
          <Button variant="default" onClick={copy} disabled={!link} data-testid="share-copy">
            {t('earn.share.copy')}
          </Button>
          <Button
            component="a"
            href={image ?? undefined}
            download="simple-earn-return.png"
            disabled={!image}
            data-testid="share-download"
          >
            {t('earn.share.download')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
