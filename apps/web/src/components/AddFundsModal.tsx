import { type AddFundsEntry, addFundsEntries, isUSRegion } from '@earn/domain';
import { Anchor, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompliance, useCurrencyCallSetting, useMe, useSiteLinks, useSpotTradingHome } from '../api/account.js';
import { usdtPair } from '../lib/exchange-pairs.js';
import { useIsMobile } from '../lib/use-is-mobile.js';
import { ResponsiveModal } from './ResponsiveModal.js';
import { TransferModal } from './TransferModal.js';

/**
 * Add-funds for a coin: each way to add funds, shown or hidden by the spec's rules; the transfer
 * entry opens the transfer between spot and unified in place.
 */
export function AddFundsModal({ coin, onClose }: { coin: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const [transferCoin, setTransferCoin] = useState<string | null>(null);
  return (
    <>
      <ResponsiveModal opened={coin !== null} onClose={onClose} title={t('addFunds.title', { coin: coin ?? '' })}>
        {coin && (
          <Entries
            coin={coin}
            onTransfer={() => {
              onClose();
              setTransferCoin(coin);
            }}
          />
        )}
      </ResponsiveModal>
      <TransferModal
        opened={transferCoin !== null}
        coin={transferCoin ?? 'USDT'}
        onClose={() => setTransferCoin(null)}
      />
    </>
  );
}

function Entries({ coin, onTransfer }: { coin: string; onTransfer(): void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const me = useMe();
  const compliance = useCompliance();
  const callSetting = useCurrencyCallSetting(coin);
  const tradingHome = useSpotTradingHome(`${coin}_USDT`);
  const site = useSiteLinks();
  if (compliance.isPending || callSetting.isPending || tradingHome.isPending || site.isPending)
    return <Loader size="sm" />;
  const exchange = site.data?.exchange_url ?? null;
  // Deposit, buy and trade are the exchange's pages: offered only where the operator says they are.
  const entries = addFundsEntries({
    coin,
    isUS: isUSRegion(me.data?.region ?? ''),
    hiddenMenu: (compliance.data?.menu ?? []).filter((m) => m.hidden).map((m) => m.key),
    isDesktop: !isMobile,
    newCoinStartSec: callSetting.data?.new_coin_start ?? 0,
    nowSec: Math.floor(Date.now() / 1000),
    spotRestricted: tradingHome.data?.spot_restricted ?? false,
  }).filter((entry) => entry === 'transfer' || exchange !== null);
  const links: Record<Exclude<AddFundsEntry, 'transfer'>, string> = {
    deposit: `${exchange}/myaccount/deposit/${coin}`,
    express_buy: `${exchange}/crypto/buy?crypto=USDT`,
    spot_trade: `${exchange}/trade/${usdtPair(coin)}`,
  };
  if (entries.length === 0) return <Text c="dimmed">{t('addFunds.none', { coin })}</Text>;
  const copy: Record<AddFundsEntry, [string, string]> = {
    deposit: ['addFunds.deposit', 'addFunds.depositDesc'],
    express_buy: ['addFunds.express', 'addFunds.expressDesc'],
    transfer: ['addFunds.transfer', 'addFunds.transferDesc'],
    spot_trade: ['addFunds.trade', 'addFunds.tradeDesc'],
  };
  return (
    <Stack gap="sm">
      {entries.map((entry) => {
        const [title, desc] = copy[entry];
        const body = (
          <Paper key={entry} withBorder p="md" radius="md">
            <Text fw={600}>{t(title)}</Text>
            <Text size="sm" c="dimmed">
              {t(desc, { coin })}
            </Text>
          </Paper>
        );
        return entry === 'transfer' ? (
          <UnstyledButton key={entry} onClick={onTransfer} data-testid={`add-funds-${entry}`}>
            {body}
          </UnstyledButton>
        ) : (
          <Anchor key={entry} href={links[entry]} underline="never" c="inherit" data-testid={`add-funds-${entry}`}>
            {body}
          </Anchor>
        );
      })}
    </Stack>
  );
}
