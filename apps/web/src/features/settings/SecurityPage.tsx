import { FUNDPASS_POLICIES, type FundPassPolicy } from '@earn/domain';
import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe, useSetFundPassword } from '../../api/account.js';
import { FundPasswordInput } from '../../components/FundPasswordInput.js';
import { notifyError, notifySuccess } from '../../lib/notify.js';

/** Set or change the fund password, and choose how often fund-moving actions ask for it. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSetFundPassword();
  const hasFundpass = me.data?.has_fundpass ?? false;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [policy, setPolicy] = useState<FundPassPolicy | null>(null);
  const chosenPolicy = policy ?? me.data?.fundpass_policy ?? 'always';
  const mismatch = repeat.length === 6 && next !== repeat;
  // With a fund password set, leaving the new one empty keeps it and saves the policy alone.
  const keepsPassword = hasFundpass && next === '' && repeat === '';
  const ready = hasFundpass
    ? current.length === 6 && (keepsPassword || (next.length === 6 && next === repeat))
    : next.length === 6 && next === repeat;

  return (
    <Stack maw={560} mx="auto">
      <Title order={1} size="h2">
        {t('security.title')}
      </Title>
      <Paper withBorder p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // One request per submit: every try at the current password counts toward its lockout.
            if (!ready) return;
            save.mutate(
              {
                fundpass: keepsPassword ? current : next,
                policy: chosenPolicy,
                ...(hasFundpass ? { old_fundpass: current } : {}),
              },
              {
                onSuccess: () => {
                  notifySuccess(t('fundpass.saved'));
                  setCurrent('');
                  setNext('');
                  setRepeat('');
                },
                onError: (e) => notifyError(e),
              },
            );
          }}
        >
          <Stack>
            <Group justify="space-between">
              <Title order={4}>{t('fundpass.title')}</Title>
              {/* A sentence, in sentence case: a badge would shout it in capitals. */}
              <Text size="sm" c={hasFundpass ? 'teal' : 'dimmed'} data-testid="fundpass-status">
                {hasFundpass ? t('fundpass.isSet') : t('fundpass.notSet')}
              </Text>
            </Group>
            {hasFundpass && <FundPasswordInput label={t('fundpass.current')} value={current} onChange={setCurrent} />}
            <FundPasswordInput label={t('fundpass.new')} value={next} onChange={setNext} />
            {hasFundpass && (
              <Text size="xs" c="dimmed" mt={-8}>
                {t('fundpass.keepHint')}
              </Text>
            )}
            <FundPasswordInput label={t('fundpass.repeat')} value={repeat} onChange={setRepeat} />
            {mismatch && (
              <Text c="red" size="sm" role="alert">
                {t('fundpass.mismatch')}
              </Text>
            )}
            <Radio.Group
              label={t('fundpass.policy')}
              value={chosenPolicy}
              onChange={(v) => setPolicy(v as FundPassPolicy)}
            >
              <Stack gap="xs" mt="xs">
                {FUNDPASS_POLICIES.map((p) => (
                  <Radio key={p} value={p} label={t(`fundpass.policy.${p}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Button type="submit" disabled={!ready} loading={save.isPending}>
              {hasFundpass ? t(keepsPassword ? 'fundpass.savePolicy' : 'fundpass.change') : t('fundpass.set')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
