/**
 * Gambling: frequent small stakes with online bookmakers (MCC 7995), occasional winnings paid back, and
 * stakes that grow in number and size over the last 18 months before asOf, the escalation lenders watch for.
 * Winnings arrive a day or two after the stake, so a declined stake can take its winning with it.
 * Because the escalation is measured back from asOf, this persona's history is not stable as asOf moves.
 */
import { itemAt } from '../../lib/indexing.ts';
import type { Ctx } from '../context.ts';
import type { Merchant, Store } from '../merchants.ts';
import { bacsName } from './income.ts';

interface Operator {
  brand: string;
  descriptor: string;
  location: string;
  country: string;
  /** how winnings arrive */
  payer: string;
}

const OPERATORS: Operator[] = [
  { brand: 'Sky Bet', descriptor: 'SKYBET*#######', location: 'LEEDS', country: 'GB', payer: 'SKY BETTING AND GAMING' },
  { brand: 'bet365', descriptor: 'BET365', location: 'STOKE ON TRENT', country: 'GB', payer: 'BET365' },
  { brand: 'Paddy Power', descriptor: 'PADDYPOWER.COM', location: 'LONDON', country: 'GB', payer: 'PADDY POWER' },
  {
    brand: 'William Hill',
    descriptor: 'WWW.WILLIAMHILL.COM',
    location: 'LONDON',
    country: 'GB',
    payer: 'WILLIAM HILL',
  },
  { brand: 'Ladbrokes', descriptor: 'LADBROKES.COM', location: 'GIBRALTAR', country: 'GI', payer: 'LADBROKES' },
];

export interface GamblingSpec {
  operators: number;
  /** stakes a week at the start of the escalation window */
  stakesPerWeek: number;
  /** how many times more stakes a week at asOf */
  escalation: number;
  /** chance a stake is followed by a winning */
  winRate: number;
}

export function gambling(ctx: Ctx, acct: string, s: GamblingSpec): void {
  const ops = OPERATORS.slice(0, s.operators);
  const stores: Store[] = ops.map((op) => {
    const merchant: Merchant = {
      id: `gamble-${op.brand}`,
      brand: op.brand,
      mcc: '7995',
      label: 'gambling',
      patterns: [op.descriptor],
      location: op.location,
      country: op.country,
      min: 2,
      mean: 15,
      max: 200,
    };
    const pattern = op.descriptor.replace(/#/g, () => String(ctx.rng('gambleacct', op.brand).int(0, 9)));
    return { merchant, pattern };
  });
  const windowStart = ctx.asOfDay - 548;
  for (let day = ctx.startDay; day <= ctx.asOfDay; day++) {
    const progress = Math.min(1, Math.max(0, (day - windowStart) / 548));
    const intensity = 1 + (s.escalation - 1) * progress;
    const r = ctx.rng('gamble', day);
    const n = r.poisson((s.stakesPerWeek * intensity) / 7);
    for (let i = 0; i < n; i++) {
      const k = r.int(0, stores.length - 1);
      const store = itemAt(stores, k);
      const op = itemAt(ops, k);
      const stake = Math.round(r.pick([2, 5, 5, 10, 10, 10, 20, 25, 50]) * (0.8 + 0.6 * progress) * 100);
      const seconds = r.int(11 * 3600, 23 * 3600 + 1800);
      const d = ctx.card(acct, day, seconds, store, stake, 'gambling', r);
      if (d && r.chance(s.winRate)) {
        const win = Math.round(stake * r.between(1.5, 6));
        ctx.credit(
          acct,
          day + r.int(1, 2),
          'fpi',
          bacsName(op.payer),
          `WITHDRAWAL ${r.digits(6)}`,
          win,
          'gambling_winnings',
          { parent: d, source: op.brand },
        );
      }
    }
  }
}
