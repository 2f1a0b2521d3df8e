import type { Me } from '@earn/domain/contract';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../api/account.js';
import { notifyError, notifySuccess } from '../lib/notify.js';
import { usePopoverState } from '../lib/use-escape-closes-top.js';

/** The signed-in user's header menu: security, notification subscriptions, the operator's clock, log out. */
export function AccountMenu({
  target,
  me,
  onSubscriptions,
  opened = false,
}: {
  target: ReactElement;
  me: Me;
  onSubscriptions(): void;
  /** Open at first: the button was used before this code arrived. */
  opened?: boolean;
}) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const menu = usePopoverState(opened);
  return (
    <Menu position="bottom-end" shadow="md" opened={menu.opened} onChange={menu.onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings/security">
          {t('nav.security')}
        </Menu.Item>
        <Menu.Item onClick={onSubscriptions}>{t('subscribe.notification')}</Menu.Item>
        {me.role === 'admin' && (
          <Menu.Item component={Link} to="/operator/clock">
            {t('admin.clock.title')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() => {
            logout.mutate(undefined, {
              onSuccess: () => {
                notifySuccess(t('auth.loggedOut'));
                navigate('/login', { replace: true });
              },
              onError: (e) => notifyError(e),
            });
          }}
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
