import { Accordion, Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFaq } from '../../api/simple-earn.js';
import { ListStatus, readFailure, readStatus } from '../../components/ListStatus.js';

export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const faq = useFaq(i18n.language);
  return (
    <Stack maw={800} mx="auto">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('earn.faq')}
        </Title>
        <Anchor component={Link} to="/simple-earn">
          {t('earn.title')}
        </Anchor>
      </Group>
      {readFailure(faq) ? (
        <ListStatus count={0} {...readStatus(faq)} />
      ) : faq.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <Accordion variant="separated">
          {(faq.data ?? []).map((item) => (
            <Accordion.Item key={item.ask} value={item.ask}>
              <Accordion.Control>{item.ask}</Accordion.Control>
              <Accordion.Panel>{item.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
