import type { RewardPoolView } from '@earn/domain/contract';

export interface PoolName {
  /** The pool's coin with what sets it apart: "GT (Newcomers)", "GT #2". */
  name: string;
  /** Its place among the project's pools that nothing else sets apart, if there are several. */
  place: number | null;
}

/**
 * What each of a project's pools is called where it stands alone (history rows, the card's
 * summary lines): its coin, with what sets it apart from the project's other pools of that coin
 * (newcomers only, VIP), and its place among them when nothing else does.
 */
export function poolNames(
  pools: readonly Pick<RewardPoolView, 'rid' | 'coin' | 'limit_rule' | 'vip_config'>[],
  newcomers: string,
): Map<number, PoolName> {
  const labels = [...pools]
    .sort((a, b) => a.rid - b.rid)
    .map((p) => {
      const kinds = [p.limit_rule > 0 ? newcomers : null, p.vip_config ? 'VIP' : null].filter((k) => k !== null);
      return { rid: p.rid, label: kinds.length > 0 ? `${p.coin} (${kinds.join(', ')})` : p.coin };
    });
  const seen = new Map<string, number>();
  return new Map(
    labels.map(({ rid, label }): [number, PoolName] => {
      if (labels.filter((l) => l.label === label).length === 1) return [rid, { name: label, place: null }];
      const place = (seen.get(label) ?? 0) + 1;
      seen.set(label, place);
      return [rid, { name: `${label} #${place}`, place }];
    }),
  );
}
