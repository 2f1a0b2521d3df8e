import {
  DUAL_ORDER_STATUSES,
  type FixedTranslations,
  type LaunchTranslations,
  type StakingTranslations,
  type WealthTranslations,
} from '@earn/domain/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Money and rates: numeric(38,18), read back as strings, never as JavaScript numbers. */
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
/** Instants come from the clock, never from the database's now(). */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  tier: integer('tier').notNull().default(0),
  region: text('region').notNull().default('SG'),
  kycLevel: integer('kyc_level').notNull().default(1),
  isNewUser: boolean('is_new_user').notNull().default(true),
  verified: boolean('verified').notNull().default(true),
  accountMode: text('account_mode', { enum: ['classic', 'multi_currency', 'single_currency'] })
    .notNull()
    .default('classic'),
  modeFirstOpen: boolean('mode_first_open').notNull().default(true),
  useFunding: boolean('use_funding').notNull().default(false),
  locked: boolean('locked').notNull().default(false),
  tradingVolume60d: money('trading_volume_60d').notNull().default('0'),
  referralCode: text('referral_code').notNull(),
  fundpassHash: text('fundpass_hash'),
  fundpassPolicy: text('fundpass_policy', { enum: ['always', 'every_2h', 'never'] })
    .notNull()
    .default('always'),
  createdAt: instant('created_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie's token: a stolen table gives no usable session. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    /**
     * When the fund password was last verified in this session: the "every 2 hours" policy's
     * window belongs to the session that entered it, not to every session of the account.
     */
    fundpassVerifiedAt: instant('fundpass_verified_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed login and fund-password tries, counted in a window for lockouts. */
export const failedAttempts = pgTable(
  'failed_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope', { enum: ['login', 'login_email', 'login_ip', 'fundpass', 'register_ip'] }).notNull(),
    subject: text('subject').notNull(),
    at: instant('at').notNull(),
    /**
     * Set (wall time) while the try's secret is being checked (claimAttempt); cleared when it turns
     * out a failure, and the row is deleted when it was right.
     */
    pendingSince: instant('pending_since'),
  },
  (t) => [index('failed_attempts_subject_idx').on(t.scope, t.subject, t.at)],
);

/**
 * Addresses an email has logged in from: a try from one of them skips the per-email backoff, so
 * failures sprayed from elsewhere never keep the owner out of their usual place.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    lastAt: instant('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);

export const coins = pgTable('coins', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  decimals: integer('decimals').notNull(),
  icon: text('icon').notNull(),
  /** Anchor of the seeded price walk, in USDT. */
  basePrice: money('base_price').notNull(),
  isSupportLaunchpool: boolean('is_support_launchpool').notNull().default(true),
  isSupportStaking: boolean('is_support_staking').notNull().default(true),
  /** When spot trading opens for a newly listed coin; null for established coins. */
  newCoinStart: instant('new_coin_start'),
  spotRestricted: boolean('spot_restricted').notNull().default(false),
  /** Maintenance margin required per unit of value borrowed in this coin (unified accounts). */
  maintenanceMarginRate: money('maintenance_margin_rate').notNull().default('0.05'),
  sortOrder: integer('sort_order').notNull().default(100),
});

/** What the compliance check answers per region: businesses offered and entry points hidden. */
export const complianceRules = pgTable('compliance_rules', {
  region: text('region').primaryKey(),
  business: jsonb('business').$type<string[]>().notNull(),
  menu: jsonb('menu').$type<{ key: string; hidden: boolean }[]>().notNull(),
});

export const userLoans = pgTable(
  'user_loans',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin] }), check('user_loans_positive', sql`${t.amount} >= 0`)],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Candy-drop: 1 subscribed, 2 not subscribed. */
  candyDropStatus: integer('candy_drop_status').notNull().default(2),
  startupMiningSwitch: integer('startup_mining_switch').notNull().default(0),
  hodlerNotify: integer('hodler_notify').notNull().default(0),
  hodlerGtExchange: integer('hodler_gt_exchange').notNull().default(0),
});

/**
 * Ledger accounts: user wallets and holdings (user_id set) and platform accounts (user_id null).
 * A user account never goes below zero; platform sources such as deposits may.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    wallet: text('wallet').notNull(),
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    balance: money('balance').notNull().default('0'),
  },
  (t) => [
    unique('ledger_accounts_owner_uq').on(t.userId, t.wallet, t.coin).nullsNotDistinct(),
    check('ledger_accounts_user_non_negative', sql`${t.userId} IS NULL OR ${t.balance} >= 0`),
    // The hour pays out the flexible redemptions it froze: found without reading every account.
    index('ledger_accounts_redeeming_idx').on(t.id).where(sql`${t.wallet} = 'flexible_redeeming' AND ${t.balance} > 0`),
    // The staking day reads each product's stakes in user order, a part at a time.
    index('ledger_accounts_staking_idx').on(t.wallet, t.userId).where(sql`${t.wallet} LIKE 'staking:%'`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Reason code: deposit, transfer, interest, reward, ... */
    kind: text('kind').notNull(),
    ref: text('ref'),
    userId: integer('user_id'),
    at: instant('at').notNull(),
  },
  (t) => [index('ledger_transactions_user_idx').on(t.userId, t.at)],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: bigint('tx_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('ledger_postings_account_idx').on(t.accountId), index('ledger_postings_tx_idx').on(t.txId)],
);

/** The first answer to an Idempotency-Key, written in the same transaction as the work it answers for. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Where each periodic job resumes: the start of the first period it has not settled yet. */
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  nextPeriodStart: instant('next_period_start').notNull(),
  /** Where a period settled in several transactions continues (the job's own position), or null. */
  resumeFrom: bigint('resume_from', { mode: 'number' }),
});

export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    periodStart: instant('period_start').notNull(),
    finishedAt: instant('finished_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);

/** The manual clock's time, so a restarted server keeps the time an operator moved to. */
export const clockState = pgTable('clock_state', {
  id: integer('id').primaryKey(),
  nowMs: bigint('now_ms', { mode: 'number' }).notNull(),
});

/** A coin's flexible lending market: its limits, fee, demand curve, award pool and ladder bonus. */
export const flexibleMarkets = pgTable('flexible_markets', {
  coin: text('coin')
    .primaryKey()
    .references(() => coins.symbol),
  isOpen: boolean('is_open').notNull().default(true),
  /** Lowest minimum APR a lender may set (limit_min_lend_rate_year), and the default of new positions. */
  limitMinRate: money('limit_min_rate').notNull(),
  /** Highest minimum APR a lender may set (max_lend_rate_year). */
  maxRate: money('max_rate').notNull().default('0.05'),
  minLendAmount: money('min_lend_amount').notNull(),
  /** Platform service fee on the interest borrowers pay. */
  feeRate: money('fee_rate').notNull().default('0.18'),
  /** The seeded borrow-demand curve: typical hourly demand and the typical highest APR bid. */
  demandBase: money('demand_base').notNull(),
  demandRate: money('demand_rate').notNull(),
  awardAsset: text('award_asset').references(() => coins.symbol),
  awardRate: money('award_rate').notNull().default('0'),
  awardLimit: money('award_limit').notNull().default('0'),
  awardStartAt: instant('award_start_at'),
  awardEndAt: instant('award_end_at'),
  ladderApr: jsonb('ladder_apr').$type<{ left: string; right: string; apr: string }[]>().notNull().default([]),
  ladderAsset: text('ladder_asset').references(() => coins.symbol),
  sortOrder: integer('sort_order').notNull().default(100),
});

/** Operator-set borrow demand for a coin from an hour on, replacing the curve until the next one. */
export const flexibleDemandOverrides = pgTable(
  'flexible_demand_overrides',
  {
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    fromHour: instant('from_hour').notNull(),
    amount: money('amount').notNull(),
    maxRate: money('max_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.fromHour] })],
);

/**
 * A user's flexible position in a coin. Its amount is the ledger's 'flexible' account; the columns
 * here keep what the hourly clearing needs to read the book as it stood at its hour: the amount
 * before the first change after a boundary, the minimum APR before a change, and subscriptions too
 * recent to lend.
 */
export const flexiblePositions = pgTable(
  'flexible_positions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    redeemingAccountId: bigint('redeeming_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    minRate: money('min_rate').notNull(),
    priorityAt: instant('priority_at').notNull(),
    prevMinRate: money('prev_min_rate').notNull(),
    prevPriorityAt: instant('prev_priority_at').notNull(),
    rateChangedAt: instant('rate_changed_at').notNull(),
    /** Amount as it stood at bookHour, set by the first change after that boundary. */
    bookHour: instant('book_hour'),
    bookAmount: money('book_amount').notNull().default('0'),
    /** Subscriptions not yet in the book at a boundary (made less than 1 hour before it), two boundaries kept. */
    ineligibleBoundary: instant('ineligible_boundary'),
    ineligibleAmount: money('ineligible_amount').notNull().default('0'),
    prevIneligibleBoundary: instant('prev_ineligible_boundary'),
    prevIneligibleAmount: money('prev_ineligible_amount').notNull().default('0'),
    /**
     * What the user put in less what they took out (subscriptions less redemptions): the position's
     * balance less this is the interest it has earned, so the hourly job never writes positions.
     */
    netSubscribed: money('net_subscribed').notNull().default('0'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    unique('flexible_positions_user_coin_uq').on(t.userId, t.coin),
    index('flexible_positions_coin_idx').on(t.coin),
  ],
);

/** Each coin's hour: the clearing (rate, supply, demand, lent) and what it paid. */
export const flexibleHours = pgTable(
  'flexible_hours',
  {
    coin: text('coin').notNull(),
    hour: instant('hour').notNull(),
    rate: money('rate').notNull(),
    demand: money('demand').notNull(),
    maxRate: money('max_rate').notNull(),
    supply: money('supply').notNull(),
    lent: money('lent').notNull(),
    lendRatio: money('lend_ratio').notNull(),
    interestPaid: money('interest_paid').notNull().default('0'),
    feePaid: money('fee_paid').notNull().default('0'),
    /** The hour's interest has all been paid (its last batch is done). */
    settled: boolean('settled').notNull().default(false),
    /**
     * The hour's interest is paid to this coin's positions up to this id (the batches go in id
     * order): their allocations are their interest history until archived.
     */
    paidThrough: integer('paid_through').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.coin, t.hour] })],
);

/** What one position offered and lent in one hour, and why the rest was not lent. */
export const flexibleAllocations = pgTable(
  'flexible_allocations',
  {
    positionId: integer('position_id').notNull(),
    hour: instant('hour').notNull(),
    userId: integer('user_id').notNull(),
    /** The position's ledger account, which the hour's interest is paid into. */
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    coin: text('coin').notNull(),
    offered: money('offered').notNull(),
    lent: money('lent').notNull(),
    rate: money('rate').notNull(),
    /** The hour's interest on what was lent (paid when the hour settles): computed once, on insert. */
    interest: money('interest').notNull().generatedAlwaysAs(sql`trunc((lent * rate)::numeric(60,30) / 8760, 8)`),
    reason: text('reason', { enum: ['none', 'min_rate_above', 'demand_filled'] }).notNull(),
  },
  (t) => [
    // A user's hours are read through their position: (position, hour) is the only other index.
    primaryKey({ columns: [t.positionId, t.hour] }),
    // The hourly job reads one hour's allocations in batches of positions: found by hour, not by scanning.
    index('flexible_allocations_hour_idx').on(t.hour, t.positionId),
  ],
);

/**
 * The least a flexible position held in an hour in which it redeemed: bonuses of that hour are paid
 * on what was held through it (never more than was offered). Deleted once the hour is settled.
 */
export const flexibleHourLows = pgTable(
  'flexible_hour_lows',
  {
    positionId: integer('position_id').notNull(),
    hour: instant('hour').notNull(),
    low: money('low').notNull(),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.hour] })],
);

/** Simple Earn history: 1 subscribe, 2 redeem, 3 interest, 4 bonus, 5 rate-up. */
export const earnHistory = pgTable(
  'earn_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    product: text('product', { enum: ['flexible', 'fixed'] }).notNull(),
    type: integer('type').notNull(),
    mode: integer('mode').notNull().default(0),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    /** For interest: the principal lent and the hour's rate. */
    principal: money('principal'),
    rate: money('rate'),
    bonusAsset: text('bonus_asset'),
    /** Fixed rows: the order and its term. */
    orderId: integer('order_id'),
    lockUpPeriod: integer('lock_up_period'),
    at: instant('at').notNull(),
  },
  (t) => [index('earn_history_user_idx').on(t.userId, t.product, t.at)],
);

/** Auto-earn switches: per coin, or 'ALL_ASSET' for every coin. */
export const autoInvest = pgTable(
  'auto_invest',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    status: integer('status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.asset] })],
);

/**
 * What flexible redemptions paid out of a coin while auto-earn was on for it: the hourly sweep leaves
 * it in the trading wallet until it is spent (the sweep lowers it to the balance it protects).
 */
export const autoEarnRedeemed = pgTable(
  'auto_earn_redeemed',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coin: text('coin').notNull(),
    kept: money('kept').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin] })],
);

/** FAQ of a product page, per language. */
export const faqs = pgTable(
  'faqs',
  {
    mold: text('mold').notNull(),
    locale: text('locale').notNull(),
    position: integer('position').notNull(),
    /** 0 all, 1 common, 2 overview, 3 defi. */
    cate: integer('cate').notNull().default(1),
    ask: text('ask').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mold, t.locale, t.position] })],
);

/** A launch-pool project: its reward coin and when it runs (whole hours). */
export const launchProjects = pgTable('launch_projects', {
  id: serial('id').primaryKey(),
  coin: text('coin')
    .notNull()
    .references(() => coins.symbol),
  name: text('name').notNull(),
  /** The name in the app's other languages (what is missing shows the English name). */
  translations: jsonb('translations').$type<LaunchTranslations>().notNull().default({}),
  startAt: instant('start_at').notNull(),
  endAt: instant('end_at').notNull(),
  createdAt: instant('created_at').notNull(),
});

/**
 * A reward pool of a project. twsHour is the pool's time-weighted stake (stake-seconds) in the hour
 * being accrued, counted up to lastUpdateAt.
 */
export const launchPools = pgTable('launch_pools', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => launchProjects.id),
  coin: text('coin')
    .notNull()
    .references(() => coins.symbol),
  totalReward: money('total_reward').notNull(),
  rewardPerHour: money('reward_per_hour').notNull(),
  /** buy_total_amount; -1 for no pool cap. */
  buyTotalAmount: money('buy_total_amount').notNull(),
  personalMin: money('personal_min').notNull(),
  /** personal_max_amount; -1 for none. */
  personalMax: money('personal_max').notNull(),
  decimalPlace: integer('decimal_place').notNull(),
  rateYearType: integer('rate_year_type').notNull().default(2),
  rateYear: money('rate_year').notNull().default('0'),
  rewardPoolType: integer('reward_pool_type').notNull().default(0),
  limitRule: integer('limit_rule').notNull().default(0),
  vipConfig: jsonb('vip_config').$type<{ min_tier: number; quota: string } | null>(),
  transactionConfig: jsonb('transaction_config')
    .$type<{ transaction_amount: string; mortgage_limit: string }[]>()
    .notNull()
    .default([]),
  redeemType: integer('redeem_type').notNull().default(0),
  simpleEarn: jsonb('simple_earn').$type<{
    user_period: number;
    fixed_period: number;
    fixed_rate: string;
    ext_rate: string;
    rate: string;
  } | null>(),
  staking: jsonb('staking').$type<{ rate: string } | null>(),
  totalStaked: money('total_staked').notNull().default('0'),
  peakStaked: money('peak_staked').notNull().default('0'),
  lastUpdateAt: instant('last_update_at').notNull(),
  twsHour: numeric('tws_hour', { precision: 60, scale: 18 }).notNull().default('0'),
});

/** A user's stake in a pool, its accrual state, and where it goes at the project's end. */
export const launchStakes = pgTable(
  'launch_stakes',
  {
    id: serial('id').primaryKey(),
    poolId: integer('pool_id')
      .notNull()
      .references(() => launchPools.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    staked: money('staked').notNull().default('0'),
    twsHour: numeric('tws_hour', { precision: 60, scale: 18 }).notNull().default('0'),
    lastChangeAt: instant('last_change_at').notNull(),
    /** Time-weighted stake of the last settled hour. */
    validAmount: money('valid_amount').notNull().default('0'),
    lastHourReward: money('last_hour_reward').notNull().default('0'),
    totalReward: money('total_reward').notNull().default('0'),
    simpleEarnStatus: integer('simple_earn_status').notNull().default(0),
    simpleEarnPeriod: integer('simple_earn_period'),
  },
  (t) => [unique('launch_stakes_pool_user_uq').on(t.poolId, t.userId)],
);

/** Each pool's hour: its budget, its time-weighted stake and what it paid. */
export const launchHours = pgTable(
  'launch_hours',
  {
    poolId: integer('pool_id').notNull(),
    hour: instant('hour').notNull(),
    budget: money('budget').notNull(),
    poolTws: numeric('pool_tws', { precision: 60, scale: 18 }).notNull(),
    paid: money('paid').notNull(),
    stakedAtEnd: money('staked_at_end').notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.hour] })],
);

/** One user's statement for one pool hour: their time-weighted stake and what they were paid. */
export const launchStatements = pgTable(
  'launch_statements',
  {
    poolId: integer('pool_id').notNull(),
    hour: instant('hour').notNull(),
    userId: integer('user_id').notNull(),
    tws: numeric('tws', { precision: 60, scale: 18 }).notNull(),
    paid: money('paid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.hour, t.userId] }),
    index('launch_statements_user_idx').on(t.userId, t.hour),
  ],
);

/** Launchpool history: stake, reward, redeem, release (with where the release went: spot or flexible). */
export const launchHistory = pgTable(
  'launch_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    projectId: integer('project_id').notNull(),
    poolId: integer('pool_id').notNull(),
    type: text('type', { enum: ['stake', 'reward', 'redeem', 'release'] }).notNull(),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    at: instant('at').notNull(),
    destination: text('destination', { enum: ['spot', 'flexible', 'fixed', 'staking'] }),
  },
  (t) => [index('launch_history_user_idx').on(t.userId, t.at)],
);

/** In-app messages (the header inbox): new launch-pool projects for users subscribed to them. */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** i18n key of the message: the reader's language renders `${key}.title` and `${key}.body` with params. */
    key: text('key'),
    params: jsonb('params').$type<Record<string, string>>(),
    /** The English text, for clients without the key. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: instant('created_at').notNull(),
    readAt: instant('read_at'),
  },
  (t) => [index('inbox_messages_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A fixed-term product: a coin, a term and a rate, sold up to a total quota and a per-user limit.
 * `held` is the principal of its open orders, kept in the same transaction as every order change,
 * so the quota check and the debit share one row lock.
 */
export const fixedProducts = pgTable(
  'fixed_products',
  {
    id: serial('id').primaryKey(),
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    /** 1 normal, 2 VIP only, 3 special. */
    type: integer('type').notNull(),
    lockUpPeriod: integer('lock_up_period').notNull(),
    yearRate: money('year_rate').notNull(),
    minLendAmount: money('min_lend_amount').notNull(),
    /** Most one user may hold at once; 0 means no limit. */
    userMaxLendVolume: money('user_max_lend_volume').notNull(),
    totalQuota: money('total_quota').notNull(),
    held: money('held').notNull().default('0'),
    minVip: integer('min_vip').notNull().default(0),
    maxVip: integer('max_vip').notNull().default(0),
    ladderApr: jsonb('ladder_apr').$type<{ left: string; right: string; apr: string }[]>().notNull().default([]),
    bonusAsset: text('bonus_asset').references(() => coins.symbol),
    reinvest: boolean('reinvest').notNull().default(true),
    redeemAccount: boolean('redeem_account').notNull().default(true),
    preRedeem: boolean('pre_redeem').notNull().default(true),
    /** Early-exit APR; null: early redemption forfeits all interest (the spec's rule). */
    preRedeemRate: money('pre_redeem_rate'),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** The title and subtitle in other languages, as the operator wrote them. */
    translations: jsonb('translations').$type<FixedTranslations>().notNull().default({}),
    saleOpen: boolean('sale_open').notNull().default(true),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at'),
    newUsersOnly: boolean('new_users_only').notNull().default(false),
    minKycLevel: integer('min_kyc_level').notNull().default(0),
    excludedRegions: jsonb('excluded_regions').$type<string[]>().notNull().default([]),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('fixed_products_coin_idx').on(t.coin, t.lockUpPeriod),
    check('fixed_products_held_check', sql`${t.held} >= 0`),
  ],
);

/** A rate-up voucher issued to one user; consumed once by the order that applies it. */
export const rateUpVouchers = pgTable(
  'rate_up_vouchers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    title: text('title').notNull(),
    /** Extra APR in percent. */
    rateRatio: money('rate_ratio').notNull(),
    rateDay: integer('rate_day').notNull(),
    buyLimitLow: money('buy_limit_low').notNull(),
    /** 0 means no upper limit. */
    buyLimitHigh: money('buy_limit_high').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedOrderId: integer('used_order_id'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('rate_up_vouchers_user_idx').on(t.userId, t.coin)],
);

/**
 * A fixed order: principal held in the user's `fixed` ledger account until it matures (or is
 * redeemed early). What it will pay is fixed at subscription: interest, ladder bonus, voucher interest.
 */
export const fixedOrders = pgTable(
  'fixed_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => fixedProducts.id),
    coin: text('coin').notNull(),
    principal: money('principal').notNull(),
    yearRate: money('year_rate').notNull(),
    lockUpPeriod: integer('lock_up_period').notNull(),
    interest: money('interest').notNull(),
    bonusAsset: text('bonus_asset'),
    bonusAmount: money('bonus_amount').notNull().default('0'),
    voucherId: integer('voucher_id'),
    couponInterest: money('coupon_interest').notNull().default('0'),
    /** The APR its voucher and a same-coin bonus add over the whole order, from their terms when it opened. */
    extraRate: money('extra_rate').notNull().default('0'),
    /** The product's bonus ladder when the order opened: what its bonus was counted on, whatever the operator changes later. */
    ladderApr: jsonb('ladder_apr').$type<{ left: string; right: string; apr: string }[]>().notNull().default([]),
    /** The parts [from, to) of that ladder the order takes (placeOnLadder): a new order fills the lowest free ones. */
    ladderSlices: jsonb('ladder_slices').$type<[string, string][]>().notNull().default([]),
    createdAt: instant('created_at').notNull(),
    interestStartAt: instant('interest_start_at').notNull(),
    finishAt: instant('finish_at').notNull(),
    /** 'holding' until paid; 'matured' paid at finish; 'early' redeemed before it. */
    state: text('state', { enum: ['holding', 'matured', 'early'] })
      .notNull()
      .default('holding'),
    /** 0 the spot or unified account, 1 flexible Simple Earn. */
    redeemAccountType: integer('redeem_account_type').notNull(),
    reinvestStatus: integer('reinvest_status').notNull(),
    /** The part that renews at maturity; null renews all of it. */
    reinvestAmount: money('reinvest_amount'),
    /** History mode of the subscription: 0 user, 10 launch pool, 15 auto reinvest. */
    mode: integer('mode').notNull().default(0),
    paidInterest: money('paid_interest'),
    settledAt: instant('settled_at'),
    renewedOrderId: integer('renewed_order_id'),
    remindedAt: instant('reminded_at'),
  },
  (t) => [
    index('fixed_orders_user_idx').on(t.userId, t.state, t.id),
    index('fixed_orders_due_idx').on(t.finishAt, t.id).where(sql`${t.state} = 'holding'`),
  ],
);

/** An extra-bonus tier and event of a staking product (spec: extra_interest). */
export interface StakingExtraInterest {
  status: number;
  max_interest: string;
  reward_coin: string;
  start_time: number;
  end_time: number;
  interest: { money_min: string; money_max: string; money_rate: string }[];
}

/**
 * An on-chain staking product: stake `coin`, earn `reward_coin` every UTC day at `rate` less the
 * platform's fee (with a VIP discount), redeem through a queue of redeem days or, when enabled, at
 * once for a fee within a platform-wide daily quota.
 */
export const stakingProducts = pgTable(
  'staking_products',
  {
    id: serial('id').primaryKey(),
    coin: text('coin')
      .notNull()
      .references(() => coins.symbol),
    rewardCoin: text('reward_coin')
      .notNull()
      .references(() => coins.symbol),
    /** 1 staking, 2 credit-debt (spec). */
    type: integer('type').notNull().default(1),
    protocolName: text('protocol_name').notNull().default(''),
    /** APR paid for the coming days (the operator sets it; each day keeps the rate it paid). */
    rate: money('rate').notNull(),
    baseRate: money('base_rate').notNull(),
    /** The platform's share of the reward (before a VIP discount). */
    feeRate: money('fee_rate').notNull().default('0'),
    minMortgageAmount: money('min_mortgage_amount').notNull(),
    minRedeemAmount: money('min_redeem_amount').notNull(),
    /** -1: no cap. */
    personalMortgageLimit: money('personal_mortgage_limit').notNull().default('-1'),
    crowdMortgageLimit: money('crowd_mortgage_limit').notNull().default('-1'),
    /** What all users hold staked now (checked against the crowd cap under this row's lock). */
    staked: money('staked').notNull().default('0'),
    rewardDelayDays: integer('reward_delay_days').notNull().default(1),
    incomeDays: integer('income_days').notNull().default(0),
    redeemMinDay: integer('redeem_minday').notNull().default(0),
    redeemMaxDay: integer('redeem_maxday').notNull().default(0),
    redeemFee: money('redeem_fee').notNull().default('0'),
    redeemQuick: boolean('redeem_quick').notNull().default(false),
    redeemQuickFee: money('redeem_quick_fee').notNull().default('0'),
    /** Platform-wide per UTC day; -1 unlimited. */
    redeemQuickDaily: money('redeem_quick_daily').notNull().default('-1'),
    /** Minutes a fast redemption takes at most. */
    redeemQuickLong: integer('redeem_quick_long').notNull().default(0),
    vipConfig: jsonb('vip_config').$type<{ min_tier: number; max_tier: number; vip_sale: string } | null>(),
    extraInterest: jsonb('extra_interest').$type<StakingExtraInterest | null>(),
    /** What the extra bonus has paid so far, against its max_interest budget. */
    bonusPaid: money('bonus_paid').notNull().default('0'),
    /** Bits: 1 new, 2 hot, 4 event. */
    tags: integer('tags').notNull().default(0),
    agreement: text('agreement').notNull().default(''),
    tips: text('tips').notNull().default(''),
    /** The agreement and tips in the app's other languages (what is missing shows the English). */
    translations: jsonb('translations').$type<StakingTranslations>().notNull().default({}),
    saleOpen: boolean('sale_open').notNull().default(true),
    /** 0 a normal extra bonus, 1 one paid only to users whose web3 task is done (spec: extra_interest_type). */
    extraInterestType: integer('extra_interest_type').notNull().default(0),
    extraInterestTask: jsonb('extra_interest_task').$type<{ interest_key: string; jump_web: string } | null>(),
    /**
     * 'asset': a stake mints `receipt_coin` at `exchange_rate` (coins per token), which grows with each
     * day's reward, so the reward is paid in the rate rather than in coins (spec: exchange_type).
     */
    exchangeType: text('exchange_type', { enum: ['default', 'asset'] })
      .notNull()
      .default('default'),
    receiptCoin: text('receipt_coin').references(() => coins.symbol),
    exchangeRate: money('exchange_rate').notNull().default('1'),
    /** Debt products (type 2): `mint_coin` minted per USDT of collateral value at stake time. */
    mintCoin: text('mint_coin').references(() => coins.symbol),
    mintRatio: money('mint_ratio').notNull().default('0'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [check('staking_products_staked_check', sql`${t.staked} >= 0`)],
);

/** Users whose web3 task of a product is done (the operator marks them); its bonus pays them only. */
export const stakingTasksDone = pgTable(
  'staking_tasks_done',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => stakingProducts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    doneAt: instant('done_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId] })],
);

/** What a user owes a debt product in its mint coin: burnt back, in proportion, as collateral is redeemed. */
export const stakingDebts = pgTable(
  'staking_debts',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => stakingProducts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    minted: money('minted').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.userId] }), check('staking_debts_minted_check', sql`${t.minted} >= 0`)],
);

/**
 * A stake into a receipt-token product waiting for its tokens: they are minted at the first day's
 * close at or after `mint_at`, at the rate after that day's growth, so a stake never earns a day it
 * did not hold through.
 */
export const stakingMints = pgTable(
  'staking_mints',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => stakingProducts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    mintAt: instant('mint_at').notNull(),
    tokens: money('tokens'),
    rate: money('rate'),
    mintedAt: instant('minted_at'),
  },
  (t) => [
    index('staking_mints_due_idx').on(t.productId, t.mintAt).where(sql`${t.mintedAt} IS NULL`),
    index('staking_mints_user_idx').on(t.userId, t.productId),
  ],
);

/** Every change of a staked balance, kept a few days: a day's reward is paid on the lowest balance held through it. */
export const stakingMoves = pgTable(
  'staking_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    delta: money('delta').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [index('staking_moves_product_idx').on(t.productId, t.at, t.id)],
);

/** A redemption on its way out: queued until release_at (standard) or paid at once (fast). */
export const stakingRedemptions = pgTable(
  'staking_redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => stakingProducts.id),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    quick: boolean('quick').notNull(),
    requestedAt: instant('requested_at').notNull(),
    releaseAt: instant('release_at').notNull(),
    releasedAt: instant('released_at'),
  },
  (t) => [
    index('staking_redemptions_due_idx').on(t.releaseAt).where(sql`${t.releasedAt} IS NULL`),
    index('staking_redemptions_user_idx').on(t.userId, t.productId),
  ],
);

/** Fast redemptions taken from a product's daily quota. */
export const stakingFastQuota = pgTable(
  'staking_fast_quota',
  {
    productId: integer('product_id').notNull(),
    day: text('day').notNull(),
    used: money('used').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/** A product's settled day: the APR it paid and the totals (the trend chart reads these). */
export const stakingDays = pgTable(
  'staking_days',
  {
    productId: integer('product_id').notNull(),
    day: text('day').notNull(),
    rate: money('rate').notNull(),
    baseRate: money('base_rate').notNull(),
    extraRate: money('extra_rate').notNull().default('0'),
    staked: money('staked').notNull(),
    paid: money('paid').notNull(),
    /** A receipt-token product's rate after the day's growth (coins per token). */
    exchangeRate: money('exchange_rate'),
    /**
     * The day's whole extra-bonus demand and the event's budget left when the day began (null without
     * a bonus): the day is paid in parts, and each holder's share is taken against these totals.
     */
    bonusDemand: money('bonus_demand'),
    bonusBudget: money('bonus_budget'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/** One user's reward of one product and day (the profit records). */
export const stakingRewards = pgTable(
  'staking_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    day: text('day').notNull(),
    coin: text('coin').notNull(),
    base: money('base').notNull(),
    amount: money('amount').notNull(),
    bonus: money('bonus').notNull().default('0'),
  },
  (t) => [index('staking_rewards_user_idx').on(t.userId, t.productId, t.day)],
);

/**
 * A private-wealth (project type 4, platform) or asset-management (type 5, third party) product for
 * VIP users: a coin, a minimum purchase and a daily net asset value per unit, priced forward (orders
 * are valued at the next 08:30 UTC valuation).
 */
export const wealthProducts = pgTable('wealth_products', {
  id: serial('id').primaryKey(),
  projectType: integer('project_type').notNull(),
  name: text('name').notNull(),
  coin: text('coin')
    .notNull()
    .references(() => coins.symbol),
  minPurchase: money('min_purchase').notNull(),
  /** Lowest VIP tier that may buy. */
  minTier: integer('min_tier').notNull().default(1),
  manager: text('manager').notNull(),
  strategy: text('strategy').notNull(),
  disclaimer: text('disclaimer').notNull(),
  /** The texts above in other languages. */
  translations: jsonb('translations').$type<WealthTranslations>().notNull().default({}),
  /** Management fee per year, taken daily from the NAV. */
  feeRate: money('fee_rate').notNull().default('0'),
  /** Percent of the units that may leave at one valuation; null: no gate. */
  gatePercent: money('gate_percent'),
  /** The NAV of the last valuation, and the units outstanding after it. */
  nav: money('nav').notNull(),
  units: money('units').notNull().default('0'),
  /** The demo's simulated strategy (seeded walk); null when the operator posts the NAVs. */
  simulation: jsonb('simulation').$type<{ seed: string; drift: number; vol: number } | null>(),
  launchedAt: instant('launched_at').notNull(),
});

/** A product's NAV per valuation date (YYYY-MM-DD), before and after the day's management fee. */
export const wealthNavs = pgTable(
  'wealth_navs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => wealthProducts.id),
    day: text('day').notNull(),
    nav: money('nav').notNull(),
    /** Who set it: 'operator' or 'simulation'. */
    source: text('source').notNull(),
    units: money('units'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);

/** A user's units of a product and what they paid for them (the order detail's cost and return). */
export const wealthPositions = pgTable(
  'wealth_positions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => wealthProducts.id),
    units: money('units').notNull().default('0'),
    /** What the units held cost (reduced in proportion as units are redeemed). */
    cost: money('cost').notNull().default('0'),
    /** What redemptions have paid out so far. */
    redeemed: money('redeemed').notNull().default('0'),
    /** Units asked to redeem and not yet valued (they cannot be asked twice). */
    unitsPending: money('units_pending').notNull().default('0'),
    firstAt: instant('first_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('wealth_positions_units_check', sql`${t.units} >= ${t.unitsPending} AND ${t.unitsPending} >= 0`),
  ],
);

/** A purchase (amount) or unit redemption waiting for, or valued at, a valuation. */
export const wealthOrders = pgTable(
  'wealth_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => wealthProducts.id),
    side: text('side', { enum: ['purchase', 'redeem'] }).notNull(),
    /** Purchase: the amount paid. Redeem: what the units fetched once valued. */
    amount: money('amount'),
    /** Redeem: the units asked (left to value). Purchase: the units issued once valued. */
    units: money('units'),
    status: text('status', { enum: ['pending', 'done'] }).notNull(),
    /** Redeem units carried by the gate to a later valuation. */
    carried: money('carried').notNull().default('0'),
    nav: money('nav'),
    createdAt: instant('created_at').notNull(),
    valuedAt: instant('valued_at'),
  },
  (t) => [
    index('wealth_orders_pending_idx').on(t.productId, t.id).where(sql`${t.status} = 'pending'`),
    index('wealth_orders_user_idx').on(t.userId, t.productId, t.id),
  ],
);

/** A coin soft staking rewards: its APR, the minimum average holding that earns and the cap counted. */
export const softStakingCoins = pgTable('soft_staking_coins', {
  coin: text('coin')
    .primaryKey()
    .references(() => coins.symbol),
  apr: money('apr').notNull(),
  minHolding: money('min_holding').notNull(),
  cap: money('cap').notNull(),
});

/** A user's soft-staking opt-in; sampling starts the UTC day after `activated_at`. */
export const softStakingUsers = pgTable('soft_staking_users', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  active: boolean('active').notNull(),
  activatedAt: instant('activated_at').notNull(),
  changedAt: instant('changed_at').notNull(),
});

/** A day's hourly samples of one user's coin, each counted up to the coin's cap. */
export const softStakingSamples = pgTable(
  'soft_staking_samples',
  {
    userId: integer('user_id').notNull(),
    coin: text('coin').notNull(),
    day: text('day').notNull(),
    total: money('total').notNull(),
    hours: integer('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin, t.day] })],
);

/** A soft-staking day paid to one user in one coin. */
export const softStakingRewards = pgTable(
  'soft_staking_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    coin: text('coin').notNull(),
    day: text('day').notNull(),
    base: money('base').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('soft_staking_rewards_user_idx').on(t.userId, t.day)],
);

/** Dual-investment orders (spec statuses); bought elsewhere, shown read-only here. */
export const dualOrders = pgTable(
  'dual_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'dual' (dual investment) or 'sniper' (dual sniper). */
    kind: text('kind', { enum: ['dual', 'sniper'] }).notNull(),
    /** 'call' sells the coin high, 'put' buys it low. */
    direction: text('direction', { enum: ['call', 'put'] }).notNull(),
    coin: text('coin').notNull(),
    investCoin: text('invest_coin').notNull(),
    amount: money('amount').notNull(),
    strikePrice: money('strike_price').notNull(),
    apy: money('apy').notNull(),
    settleAt: instant('settle_at').notNull(),
    status: text('status', { enum: DUAL_ORDER_STATUSES }).notNull(),
    settlementCoin: text('settlement_coin'),
    settlementAmount: money('settlement_amount'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('dual_orders_user_idx').on(t.userId, t.id)],
);
