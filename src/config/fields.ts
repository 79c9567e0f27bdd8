/**
 * Every setting, declared once (docs/decisions/0069-configuration-declared-once.md): its environment variable, its
 * type, its default and one line of documentation. src/config/config.ts reads the environment through this table (the
 * known variables, each integer's default and range, each boolean's default), and the README's configuration table
 * is made from it (npm run docs:config writes it; src/config/fields.test.ts fails when the two differ).
 *
 * - integer: a whole number between min and max; boolean: true or false. `default: null`: computed when the
 *   configuration is read (src/config/config.ts passes it), `shown` then says what it is.
 * - `member`: the `Config` member an integer or boolean fills by itself. Its type (`TableSettings`) and its read
 *   come from this table alone (docs/decisions/0080-dead-exports-and-one-test-home.md); a variable without one feeds
 *   a member src/config/config.ts computes (`workers` from ROLE and WORKERS, for instance).
 * - text: any other value (a URL, a path, a list, JSON, a secret), parsed and checked by its own function in
 *   src/config/config.ts; `shown` is its default as the README shows it.
 * - internal: a test hook, left out of the README's table.
 */

export interface IntegerField {
  readonly type: 'integer';
  readonly member?: string;
  readonly default: number | null;
  readonly min: number;
  readonly max: number;
  readonly shown?: string;
  readonly doc: string;
}
export interface BooleanField {
  readonly type: 'boolean';
  readonly member?: string;
  readonly default: boolean | null;
  readonly shown?: string;
  readonly doc: string;
  readonly internal?: boolean;
}
export interface TextField {
  readonly type: 'text';
  readonly shown: string;
  readonly doc: string;
}
export type ConfigField = IntegerField | BooleanField | TextField;

export const CONFIG_FIELDS = {
  NODE_ENV: {
    type: 'text',
    shown: '`development`',
    doc: '`development`, `production` or `test`: production refuses the sandbox bank and a missing installation key; test relaxes the key check for shared test databases',
  },
  PORT: {
    type: 'integer',
    member: 'port',
    default: 8080,
    min: 0,
    max: 65535,
    doc: 'HTTP port',
  },
  HOST: {
    type: 'text',
    shown: '`127.0.0.1`',
    doc: 'interface to listen on',
  },
  DATA_DIR: {
    type: 'text',
    shown: '`./data`',
    doc: 'embedded database directory (ignored with `DATABASE_URL`)',
  },
  OBI_PGLITE_IMAGE: {
    type: 'text',
    shown: 'the image `npm install` built',
    doc: 'a new `DATA_DIR` starts from a pre-initialised, migrated embedded database (`node_modules/.cache/open-banking-insights/pglite-image`, remade by `npm run build:pglite-image`) instead of running initdb; `off` does without it, a directory names another image; a missing or outdated image falls back to initdb and the log says why (docs/architecture.md, "Embedded cold start")',
  },
  DATABASE_URL: {
    type: 'text',
    shown: '—',
    doc: '`postgres://…`: use a PostgreSQL server',
  },
  DATABASE_READ_URL: {
    type: 'text',
    shown: '— (every read on `DATABASE_URL`)',
    doc: "`postgres://…` of a streaming replica of `DATABASE_URL` (only with it): reads that may lag (raw transaction pages, report bodies, the console's lists) go there once it holds every write they could depend on, else to the primary ([docs/operations.md](docs/operations.md#read-replica))",
  },
  PUBLIC_BASE_URL: {
    type: 'text',
    shown: '`http://HOST:PORT`',
    doc: 'the address clients and customers reach the service at (links, redirects)',
  },
  ACCESS_TOKEN_TTL_SECONDS: {
    type: 'integer',
    member: 'accessTokenTtlSeconds',
    default: 3600,
    min: 1,
    max: 86_400 * 30,
    doc: 'client access token lifetime',
  },
  CUSTOMER_TOKEN_TTL_SECONDS: {
    type: 'integer',
    member: 'customerTokenTtlSeconds',
    default: 86_400,
    min: 1,
    max: 86_400 * 30,
    doc: 'customer token lifetime',
  },
  LOG_LEVEL: {
    type: 'text',
    shown: '`info`',
    doc: 'pino level (`silent` … `trace`)',
  },
  OBI_BOOTSTRAP_CLIENTS: {
    type: 'text',
    shown: '—',
    doc: '`id:secret,id:secret`: clients created at start-up when no client has the id (an existing client, its secret included, is left as it is; a deleted one is not created again)',
  },
  OBI_SECRET_KEY: {
    type: 'text',
    shown: '— (generated outside production)',
    doc: 'the installation key (≥ 32 chars): seals stored secrets, signs invitation links, keys the hash of client secrets; see [The installation key](#the-installation-key)',
  },
  OBI_SECRET_KEY_FILE: {
    type: 'text',
    shown: '—',
    doc: 'a file holding the installation key instead (a Docker or Kubernetes secret); surrounding white space is ignored; set this or `OBI_SECRET_KEY`, not both',
  },
  OBI_SECRET_KEY_ROTATED: {
    type: 'boolean',
    member: 'installationKeyRotated',
    default: false,
    doc: "`true` once after a deliberate key rotation: records the new key's fingerprint instead of refusing it (see [The installation key](#the-installation-key)); unset it afterwards",
  },
  OBI_ADMIN_TOKEN: {
    type: 'text',
    shown: '— (a token per run, in the discovery file)',
    doc: 'the operator token of the admin API (`/admin/v1/clients`, ≥ 32 chars, no spaces); see [Client lifecycle and the admin API](#client-lifecycle-and-the-admin-api)',
  },
  OBI_ADMIN_TOKEN_FILE: {
    type: 'text',
    shown: '—',
    doc: 'a file holding the operator token instead (a mounted secret); set this or `OBI_ADMIN_TOKEN`, not both',
  },
  OBI_ADMIN_HOST: {
    type: 'text',
    shown: '`127.0.0.1`',
    doc: "the admin listener's address; one beyond loopback needs a configured token and is logged as a warning",
  },
  OBI_ADMIN_PORT: {
    type: 'integer',
    member: 'adminPort',
    default: 0,
    min: 0,
    max: 65_535,
    shown: '`0` (the system picks)',
    doc: "the admin listener's port (not `PORT`); the discovery file and the log say which",
  },
  OBI_ADMIN_DISCOVERY_FILE: {
    type: 'text',
    shown: '`DATA_DIR/admin.json`',
    doc: 'where an api process writes the admin URL (and its per-run token), mode 0600, removed at shutdown',
  },
  BODY_LIMIT_BYTES: {
    type: 'integer',
    member: 'bodyLimitBytes',
    default: 64 * 1024 * 1024,
    min: 1024,
    max: 1024 * 1024 * 1024,
    doc: 'largest request body (a 100 000-transaction submission is about 30 MB)',
  },
  BODY_MIN_BYTES_PER_SECOND: {
    type: 'integer',
    member: 'bodyMinBytesPerSecond',
    default: 16 * 1024,
    min: 1,
    max: 1024 * 1024 * 1024,
    doc: 'once `BODY_RATE_GRACE_SECONDS` have passed, a request body arriving more slowly on average is cut off with 408 `body_too_slow`',
  },
  BODY_RATE_GRACE_SECONDS: {
    type: 'integer',
    member: 'bodyRateGraceSeconds',
    default: 20,
    min: 1,
    max: 3600,
    doc: 'how long a request body may arrive at any pace before `BODY_MIN_BYTES_PER_SECOND` applies',
  },
  WORKER_THREADS: {
    type: 'integer',
    default: null,
    min: 1,
    max: 64,
    shown: 'cores − 1 (1–4)',
    doc: 'threads of the worker pool that computes reports and reads submissions of 1 MB or more off the event loop (docs/architecture.md, "Work off the event loop")',
  },
  WORKER_WARM: {
    type: 'boolean',
    member: 'workerWarm',
    default: true,
    doc: 'a process that serves the API (role `api` or `all`) keeps one worker thread running with the submission task\'s module loaded, so a large submission never waits the few hundred milliseconds a thread takes to start; `false` starts threads only on demand (docs/architecture.md, "Work off the event loop")',
  },
  WORKERS: {
    type: 'boolean',
    default: true,
    doc: 'run background jobs in this process (role `all`; role `api` never does, role `worker` always does)',
  },
  ROLE: {
    type: 'text',
    shown: '`all`',
    doc: 'what this process does: `api` (the HTTP API, no job workers), `worker` (the jobs; serves only `/health`, `/ready`, `/metrics`), `all` (both); `--role=…` on the command line wins; `api` and `worker` need `DATABASE_URL` ([docs/operations.md](docs/operations.md#roles))',
  },
  METRICS_TOKEN: {
    type: 'text',
    shown: '— (`/metrics` off: 404)',
    doc: 'the Bearer token of `GET /metrics` (Prometheus text format; ≥ 32 chars, no spaces); see [docs/operations.md](docs/operations.md#metrics)',
  },
  METRICS_TOKEN_FILE: {
    type: 'text',
    shown: '—',
    doc: 'a file holding the metrics token instead (a mounted secret); set this or `METRICS_TOKEN`, not both',
  },
  SHUTDOWN_TIMEOUT_SECONDS: {
    type: 'integer',
    member: 'shutdownTimeoutSeconds',
    default: 25,
    min: 1,
    max: 3600,
    doc: 'on SIGTERM/SIGINT, in-flight requests and running jobs get this long in all before the process exits anyway ([docs/operations.md](docs/operations.md#signals-and-shutdown))',
  },
  WEBHOOK_ALLOW_LOOPBACK: {
    type: 'boolean',
    member: 'webhookAllowLoopback',
    default: false,
    doc: 'allow webhook targets on loopback addresses (local development and tests); every other address that is not globally reachable (private, link-local, CGNAT, documentation, benchmarking, the rest of the IANA special-purpose registries, metadata) is always refused (`src/modules/webhooks/webhooks.ip-ranges.ts`)',
  },
  WEBHOOK_TIMEOUT_MS: {
    type: 'integer',
    member: 'webhookTimeoutMs',
    default: 10_000,
    min: 100,
    max: 120_000,
    doc: 'one webhook delivery attempt (DNS, connect, response headers) may take this long before it counts as failed',
  },
  WEBHOOK_RETRY_SCHEDULE: {
    type: 'text',
    shown: '`5,300,1800,7200,18000,36000,36000`',
    doc: 'seconds to wait before each retry after the immediate first attempt (±10 % jitter); its length is the number of retries',
  },
  SANDBOX_BANK: {
    type: 'boolean',
    default: null,
    shown: '`true` (`false` in production)',
    doc: 'mount the sandbox bank under `/sandbox-bank`',
  },
  SANDBOX_BANK_ALLOWED_IN_PRODUCTION: {
    type: 'boolean',
    default: false,
    doc: 'with `NODE_ENV=production`, the sandbox bank is refused unless this is `true`',
  },
  SANDBOX_BANK_MTLS_PORT: {
    type: 'integer',
    member: 'sandboxBankMtlsPort',
    default: 0,
    min: 0,
    max: 65_535,
    shown: '`0` (the system picks)',
    doc: "the sandbox bank's mutual-TLS listener (token, PAR, registration, Account and Transaction API), on 127.0.0.1",
  },
  BANK_CONNECTIONS: {
    type: 'text',
    shown: '—',
    doc: 'JSON object keyed by bank slug: your `client_id` at the bank, `token_endpoint_auth_method` (`private_key_jwt` or `tls_client_auth`), `signing_key` and `signing_key_id`, `transport_certificate`, `transport_key`, optional `ca` (each `{"file": path}` or `{"env": VARIABLE}`), optional overrides of the bank directory (`well_known_url`, `api_base_url`, `financial_id`), `authorization_response` (`auto`, `hybrid`, `jarm`), `timeout_ms`, `max_retry_wait_seconds` ([docs/real-banks.md](docs/real-banks.md#configuring-a-bank)); a bank without a complete entry is not offered (the sandbox banks need none)',
  },
  BANK_CONNECTIONS_FILE: {
    type: 'text',
    shown: '—',
    doc: 'the same JSON in a file',
  },
  CONSENT_REFRESH_INTERVAL_SECONDS: {
    type: 'integer',
    member: 'consentRefreshIntervalSeconds',
    default: 86_400,
    min: 60,
    max: 86_400 * 30,
    doc: "an authorised consent's tokens and data are refreshed this often",
  },
  CONSENT_EXPIRY_NOTICE_DAYS: {
    type: 'integer',
    member: 'consentExpiryNoticeDays',
    default: 7,
    min: 1,
    max: 60,
    doc: "`CONSENT_EXPIRING` goes out (and the console shows a notice) this many days before a consent's bank expiry or its 90-day reconfirmation ([0059](docs/decisions/0059-consent-expiry-and-reconfirmation.md))",
  },
  BANK_PULL_RETRY_SCHEDULE: {
    type: 'text',
    shown: '`60,600,3600`',
    doc: 'seconds before each new attempt of a bank pull that failed for a passing reason (rate limited, unavailable, bad answer)',
  },
  SMTP_URL: {
    type: 'text',
    shown: '—',
    doc: 'SMTP server for invitation e-mails: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`; nodemailer options may follow as query members (`?requireTLS=true`)',
  },
  MAIL_FROM: {
    type: 'text',
    shown: '`Open Banking Insights <no-reply@localhost>`',
    doc: 'sender of the e-mails (`Name <address>`); required with `SMTP_URL`',
  },
  MAIL_OUTBOX_DIR: {
    type: 'text',
    shown: '`DATA_DIR/mail-outbox`',
    doc: 'without `SMTP_URL`, e-mails are written here as `.eml` files (and logged) instead of sent',
  },
  CONSOLE_SESSION_IDLE_SECONDS: {
    type: 'integer',
    member: 'consoleSessionIdleSeconds',
    default: 1800,
    min: 60,
    max: 86_400,
    doc: 'a lender console session ends after this long without a request (60–86400)',
  },
  CONSOLE_SESSION_MAX_SECONDS: {
    type: 'integer',
    member: 'consoleSessionMaxSeconds',
    default: 12 * 3600,
    min: 300,
    max: 30 * 86_400,
    doc: '… and this long after sign-in, whatever happens (300–2592000)',
  },
  TRUSTED_PROXIES: {
    type: 'text',
    shown: '—',
    doc: 'reverse proxies whose `X-Forwarded-For` is believed (addresses, CIDR ranges, `loopback`): set it behind a proxy so per-address limits key on the real caller; every limit and an nginx example: [docs/security.md](docs/security.md#limits)',
  },
  RATE_LIMIT_API_PER_MINUTE: {
    type: 'integer',
    member: 'apiPerMinute',
    default: 1200,
    min: 1,
    max: 1_000_000,
    doc: "API calls per client a minute, its customers' tokens included ([docs/security.md](docs/security.md#limits))",
  },
  RATE_LIMIT_CUSTOMER_SHARE_PERCENT: {
    type: 'integer',
    member: 'customerSharePercent',
    default: 50,
    min: 1,
    max: 100,
    doc: "the share (percent) of a client's quota its customers' tokens may use together",
  },
  RATE_LIMIT_CUSTOMER_FLOW_PER_MINUTE: {
    type: 'integer',
    member: 'customerFlowPerMinute',
    default: 60,
    min: 1,
    max: 1_000_000,
    doc: 'requests a minute one customer token may make in each flow (consents, redirects, status polls, bank list)',
  },
  RATE_LIMIT_PAGES_PER_MINUTE: {
    type: 'integer',
    member: 'pagesPerMinute',
    default: 120,
    min: 1,
    max: 1_000_000,
    doc: 'hosted page requests a minute per flow (session, invitation, component token or return state)',
  },
  RATE_LIMIT_PAGES_PER_ADDRESS_PER_MINUTE: {
    type: 'integer',
    member: 'pagesPerAddressPerMinute',
    default: 3000,
    min: 1,
    max: 1_000_000,
    doc: 'hosted page requests a minute per address, whatever the flow (docs/decisions/0043-hosted-page-limits.md)',
  },
  RATE_LIMIT_TOKEN_PER_MINUTE: {
    type: 'integer',
    member: 'tokenPerMinute',
    default: 60,
    min: 1,
    max: 1_000_000,
    doc: 'token endpoint requests a minute per address',
  },
  TOKEN_LOCKOUT_AFTER: {
    type: 'integer',
    member: 'tokenLockoutAfter',
    default: 5,
    min: 1,
    max: 1000,
    doc: 'failed token requests of a known client, per client id and address, before they are locked out',
  },
  TOKEN_LOCKOUT_SECONDS: {
    type: 'integer',
    member: 'tokenLockoutSeconds',
    default: 30,
    min: 1,
    max: 86_400,
    doc: "the first lock-out's length, doubling with each further failure",
  },
  TOKEN_LOCKOUT_MAX_SECONDS: {
    type: 'integer',
    member: 'tokenLockoutMaxSeconds',
    default: 900,
    min: 1,
    max: 86_400,
    doc: 'the longest lock-out',
  },
  TOKEN_LOCKOUT_ADDRESS_AFTER: {
    type: 'integer',
    member: 'tokenLockoutAddressAfter',
    default: 100,
    min: 1,
    max: 1_000_000,
    doc: 'failed token requests from one address (any client id) before the address itself is locked',
  },
  CONSENTS_PER_CUSTOMER_PER_HOUR: {
    type: 'integer',
    member: 'consentsPerCustomerPerHour',
    default: 10,
    min: 1,
    max: 1_000_000,
    doc: 'bank consents one customer may start in an hour',
  },
  CONSENTS_PER_CLIENT_PER_HOUR: {
    type: 'integer',
    member: 'consentsPerClientPerHour',
    default: 1000,
    min: 1,
    max: 10_000_000,
    doc: 'bank consents one client (all its customers) may start in an hour',
  },
  INVITATIONS_PER_CLIENT_PER_HOUR: {
    type: 'integer',
    member: 'invitationsPerClientPerHour',
    default: 1000,
    min: 1,
    max: 10_000_000,
    doc: 'invitations one client may create in an hour',
  },
  INVITATION_EMAILS_PER_RECIPIENT_PER_DAY: {
    type: 'integer',
    member: 'invitationEmailsPerRecipientPerDay',
    default: 3,
    min: 1,
    max: 1000,
    doc: 'invitation e-mails one client may send to one address in 24 hours',
  },
  CONSOLE_SIGN_IN_LOCKOUT_AFTER: {
    type: 'integer',
    member: 'consoleSignInLockoutAfter',
    default: 5,
    min: 1,
    max: 1000,
    doc: 'console sign-in failures per e-mail before it is locked (`TOKEN_LOCKOUT_SECONDS`, doubling up to `TOKEN_LOCKOUT_MAX_SECONDS`); per address four times as many',
  },
  CONSOLE_INVITATION_TTL_SECONDS: {
    type: 'integer',
    member: 'consoleInvitationTtlSeconds',
    default: 3 * 86_400,
    min: 300,
    max: 30 * 86_400,
    doc: 'how long a console staff invitation link works (300–2592000)',
  },
  OBI_CHROMIUM_PATH: {
    type: 'text',
    shown: '`/usr/bin/chromium` when it exists',
    doc: 'the Chromium the affordability PDF is printed with (docs/operations.md, "The affordability PDF"); `off`, or none found: the PDF answers 503 `pdf_unavailable`',
  },
  REGULATED_FIRM_NAME: {
    type: 'text',
    shown: '—',
    doc: "the firm the FCA authorised to provide the account information service; every hosted page's footer names it ([decision 0055](docs/decisions/0055-hosted-pages-no-dead-ends.md)). Set it before going live",
  },
  REGULATED_FIRM_FCA_NUMBER: {
    type: 'text',
    shown: '—',
    doc: "that firm's FCA Firm Reference Number (6 or 7 digits), shown with a link to the FCA register; needs `REGULATED_FIRM_NAME`",
  },
  OBI_TEST_HOLD_REPORT_COMPUTE: {
    type: 'boolean',
    member: 'testHoldReportCompute',
    default: false,
    internal: true,
    doc: 'a test hook (crash tests): every report.compute run waits until the process is killed; refused unless `NODE_ENV=test`',
  },
} as const satisfies Record<string, ConfigField>;

export type ConfigKey = keyof typeof CONFIG_FIELDS;
type Fields = typeof CONFIG_FIELDS;
export type IntegerKey = { [K in ConfigKey]: Fields[K] extends IntegerField ? K : never }[ConfigKey];
export type BooleanKey = { [K in ConfigKey]: Fields[K] extends BooleanField ? K : never }[ConfigKey];
type MemberOf<K extends ConfigKey> = Fields[K] extends { readonly member: infer M extends string } ? M : never;

/** The `Config` members one integer or boolean variable fills by itself: named and typed by the table. */
export type TableSettings = {
  [K in ConfigKey as MemberOf<K>]: Fields[K] extends IntegerField ? number : boolean;
};

/** The environment variables the service reads, in the README's order. */
export const KNOWN_KEYS = Object.keys(CONFIG_FIELDS) as ConfigKey[];

/** How the README shows a field's default. */
function shownDefault(field: ConfigField): string {
  if (field.shown !== undefined) return field.shown;
  if (field.type === 'text' || field.default === null) return '—';
  return `\`${field.default}\``;
}

/** The README's configuration table (its "Configuration" section), made from CONFIG_FIELDS. */
export function configurationTable(): string {
  const rows = KNOWN_KEYS.filter((key) => !('internal' in CONFIG_FIELDS[key])).map((key) => {
    const field: ConfigField = CONFIG_FIELDS[key];
    return `| \`${key}\` | ${shownDefault(field)} | ${field.doc} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
