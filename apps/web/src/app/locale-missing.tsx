import type { Locale } from '@earn/domain';
import { Button, Group, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';

/** What is said in a language whose own texts could not be fetched (they are what failed). */
const SAID: Partial<Record<Locale, { text: string; reload: string; close: string }>> = {
  'zh-CN': { text: '中文内容未能加载，暂以英文显示。', reload: '重新加载', close: '关闭' },
};

/**
 * The reader's language could not be fetched, so the page is in English: a toast says so in their
 * language until closed (under the header, which stays usable), with a way to try again.
 */
export function sayLocaleMissing(locale: Locale) {
  const said = SAID[locale];
  if (!said) return;
  toasts.show({
    id: 'locale-missing',
    color: 'yellow',
    autoClose: false,
    closeButtonProps: { 'aria-label': said.close },
    message: (
      <Group gap="xs" justify="space-between" wrap="nowrap" lang={locale}>
        <Text size="sm">{said.text}</Text>
        <Button size="compact-xs" variant="light" onClick={() => window.location.reload()}>
          {said.reload}
        </Button>
      </Group>
    ),
  });
}
