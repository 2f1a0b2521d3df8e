import { Avatar } from '@mantine/core';

/** A coin's icon from the catalogue, or its first letter when there is none. */
export function CoinIcon({ symbol, icon, size = 28 }: { symbol: string; icon?: string | undefined; size?: number }) {
  return (
    <Avatar src={icon} alt={symbol} size={size} radius="xl" color="blue">
      {symbol.slice(0, 1)}
    </Avatar>
  );
}
