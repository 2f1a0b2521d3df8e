import type { Locale } from '@earn/domain';
import type { Me } from '@earn/domain/contract';
import { ActionIcon, Box, Burger, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { Link, Outlet, useLocation } from 'react-router';
import { useMe } from '../api/account.js';
import { fetchedApart, PartOnUse } from '../components/fetched-apart.js';
import { InboxButton } from '../components/InboxButton.js';
import { lazyDialog } from '../components/lazy-dialog.js';
import { useAuthGate } from '../features/auth/auth-gate.js';
import { currentLocale, sayTradingAccountOf, setLocale } from '../i18n/index.js';
import { notifyBroken } from '../lib/notify.js';
import { useEscapeClosesTop } from '../lib/use-escape-closes-top.js';
import classes from './Layout.module.css';

const accountMenu = fetchedApart(() => import('./AccountMenu.js').then((m) => m.AccountMenu));
const SubscriptionModal = lazyDialog(
  () => import('../features/notifications/SubscriptionModal.js').then((m) => m.SubscriptionModal),
  { isOpen: (p) => p.opened, close: (p) => p.onClose() },
);

/** The products in the header, each highlighted on its own pages (VIP tiers and wealth are Simple Earn's). */
const NAV = [
  { to: '/simple-earn', label: 'nav.simpleEarn', also: ['/vip-wealth', '/vip'] },
  { to: '/launchpool', label: 'nav.launchpool', also: [] },
  { to: '/staking', label: 'nav.staking', also: [] },
  { to: '/soft-staking', label: 'nav.softStaking', also: [] },
  { to: '/assets', label: 'nav.assets', also: [] },
] as const;

function isCurrent(item: (typeof NAV)[number], pathname: string): boolean {
  return [item.to, ...item.also].some((path) => pathname.startsWith(path));
}

/**
 * From this width (Mantine's lg) the header shows the products, the language and the bell, with room
 * to spare for a long account name and a scrollbar; below, its menu does.
 */
const WIDE_HEADER = '(min-width: 74em)';

const LANGUAGES = [
  { value: 'en', label: 'EN' },
  { value: 'zh-CN', label: '中文' },
] as const;

/**
 * The choice of language, as radio buttons (the keyboard moves between them natively). Plain
 * elements rather than Mantine's segmented control, whose sliding indicator is heavier than the
 * header itself.
 */
function LanguageSwitch() {
  const { t } = useTranslation();
  const name = useId();
  // The language asked for shows as chosen while its dictionary is fetched, so the other one can be
  // chosen again meanwhile (the choice made last wins).
  const [asked, setAsked] = useState<Locale | null>(null);
  const shown = asked ?? currentLocale();
  const choose = (locale: Locale) => {
    setAsked(locale);
    setLocale(locale)
      .catch(notifyBroken)
      .finally(() => setAsked((current) => (current === locale ? null : current)));
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('nav.language')}
      aria-busy={asked !== null || undefined}
      className={classes.language}
    >
      {LANGUAGES.map((language) => (
        <label key={language.value} className={classes.languageOption}>
          <input
            type="radio"
            name={name}
            value={language.value}
            checked={shown === language.value}
            onChange={() => choose(language.value)}
          />
          {language.label}
        </label>
      ))}
    </div>
  );
}

/** The signed-in user's name in the header, opening their menu. */
function AccountButton({ me, onSubscriptions }: { me: Me; onSubscriptions(): void }) {
  const button = (onClick?: () => void) => (
    <Button
      variant="default"
      size="compact-md"
      data-testid="account-menu"
      title={me.email}
      className={classes.account}
      onClick={onClick}
    >
      <span className={classes.accountName}>{me.email.split('@')[0]}</span>
    </Button>
  );
  return <PartOnUse part={accountMenu} props={{ target: button(), me, onSubscriptions }} plain={button} />;
}

/**
 * The header's account side: the inbox and the user's menu, or a guest's log-in and sign-up. Its
 * own part, so the session's arrival draws it alone, not the whole frame.
 */
function HeaderAccount({ onSubscriptions }: { onSubscriptions(): void }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const { openRegister } = useAuthGate();
  // The texts name the user's own trading wallet (spot or unified) where payouts go.
  const mode = me.data?.mode;
  useEffect(() => sayTradingAccountOf(mode), [mode]);
  const sessionUnknown = me.isPending && !me.failureReason;
  return (
    <>
      {me.data && <InboxButton />}
      {me.data ? (
        <AccountButton me={me.data} onSubscriptions={onSubscriptions} />
      ) : (
        // Until the session is known (a prerendered page is drawn before it is, for guests and
        // signed-in users alike) the guest's buttons hold their place unseen, so nothing in the
        // header moves when they show. A session that cannot be read (its tries go on for about
        // two minutes) leaves the reader a way to log in.
        <Group
          gap="xs"
          wrap="nowrap"
          style={sessionUnknown ? { visibility: 'hidden' } : undefined}
          aria-hidden={sessionUnknown || undefined}
        >
          <Button
            component={Link}
            to="/login"
            // Back to this page once signed in, as the registration dialog's log-in link does.
            state={{ from: location.pathname + location.search }}
            variant="default"
            size="compact-md"
          >
            {t('nav.login')}
          </Button>
          <Button size="compact-md" onClick={openRegister}>
            {t('nav.register')}
          </Button>
        </Group>
      )}
    </>
  );
}

/** The notification subscriptions dialog, for a signed-in user. */
function Subscriptions({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const me = useMe();
  return me.data ? <SubscriptionModal opened={opened} onClose={onClose} /> : null;
}

/**
 * The header's menu below the wide header's width. Any change of page (a link, the logo, back or
 * forward) closes it, and so does reaching the wide header's width; Escape and Back close it and
 * give the focus back to its button, and any dialog or pop-over opening closes it. While it is open
 * the page under it neither scrolls nor takes the focus.
 */
function useHeaderMenu(button: RefObject<HTMLButtonElement | null>) {
  const location = useLocation();
  const wide = useMediaQuery(WIDE_HEADER);
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  // Reset as soon as the page is another (React's way to reset state from what is drawn).
  if (openedOn !== null && (openedOn !== location.key || wide)) setOpenedOn(null);
  const opened = openedOn !== null && openedOn === location.key && !wide;
  const close = () => setOpenedOn(null);
  useEscapeClosesTop(
    opened,
    () => {
      close();
      button.current?.focus();
    },
    'popover',
    // It covers the screen: Back closes it, as it closes a dialog.
    true,
  );
  useEffect(() => {
    if (!opened) return;
    const body = document.body.style;
    const overflow = body.overflow;
    body.overflow = 'hidden';
    // Toasts move to the bottom, where the menu has nothing (Toasts.module.css).
    document.documentElement.dataset.headerMenuOpen = '';
    return () => {
      body.overflow = overflow;
      delete document.documentElement.dataset.headerMenuOpen;
    };
  }, [opened]);
  return { opened, close, toggle: () => setOpenedOn(opened ? null : location.key) };
}

export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { requireLogin } = useAuthGate();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useHeaderMenu(menuButton);
  const mainRef = useRef<HTMLElement>(null);
  const [subscriptions, subs] = useDisclosure(false);

  // Inside the assets frame (is_frame=1) the frame around it is the exchange's: no header or menu here.
  if (new URLSearchParams(location.search).get('is_frame') === '1') {
    return (
      <Box p="md">
        <Outlet />
      </Box>
    );
  }
  return (
    <>
      {/* The keyboard's first stop: past the header's links, straight to the page (and no history entry). */}
      <button type="button" className={classes.skip} onClick={() => mainRef.current?.focus()}>
        {t('nav.skipToContent')}
      </button>
      {/* zeroRight: a dialog's scroll lock pads the header as it does the page, so it does not move. */}
      <Box component="header" className={`${classes.header} ${zeroRightClassName}`}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Burger
              ref={menuButton}
              opened={menu.opened}
              onClick={menu.toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label={t('nav.menu')}
              aria-expanded={menu.opened}
              aria-controls="site-menu"
            />
            <Text component={Link} to="/simple-earn" fw={800} size="lg" c="blue" className={classes.brand}>
              {t('app.name')}
            </Text>
            <Group gap="xs" wrap="nowrap" visibleFrom="lg">
              {NAV.map((item) => (
                <Button
                  key={item.to}
                  component={Link}
                  to={item.to}
                  variant={isCurrent(item, location.pathname) ? 'light' : 'subtle'}
                  aria-current={isCurrent(item, location.pathname) ? 'page' : undefined}
                  size="compact-md"
                >
                  {t(item.label)}
                </Button>
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap" className={classes.headerEnd}>
            {/* First, so that the session's arrival, which changes its width, moves nothing after it. */}
            <HeaderAccount onSubscriptions={subs.open} />
            {/* Below the wide header the language and notification settings live in the menu, so the header fits. */}
            <Group gap="xs" wrap="nowrap" visibleFrom="lg">
              <LanguageSwitch />
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('subscribe.notification')}
                onClick={() => requireLogin(subs.open)}
              >
                <IconBell size={20} stroke={1.8} />
              </ActionIcon>
            </Group>
          </Group>
        </Group>
      </Box>
      {menu.opened && (
        <Box component="nav" id="site-menu" aria-label={t('nav.menu')} className={classes.menu}>
          <Stack gap={4}>
            {NAV.map((item) => (
              <UnstyledButton
                key={item.to}
                component={Link}
                to={item.to}
                className={classes.menuItem}
                aria-current={isCurrent(item, location.pathname) ? 'page' : undefined}
                onClick={menu.close}
              >
                {t(item.label)}
              </UnstyledButton>
            ))}
            <UnstyledButton
              className={classes.menuItem}
              onClick={() => {
                menu.close();
                requireLogin(subs.open);
              }}
            >
              {t('subscribe.notification')}
            </UnstyledButton>
            <Group mt="md" px="sm">
              <LanguageSwitch />
            </Group>
          </Stack>
        </Box>
      )}
      <main id="main" ref={mainRef} tabIndex={-1} className={classes.main} inert={menu.opened}>
        <Outlet />
      </main>
      <Subscriptions opened={subscriptions} onClose={subs.close} />
    </>
  );
}
