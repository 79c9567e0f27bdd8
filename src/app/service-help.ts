/**
 * `open-banking-insights --help` (also `npm start -- --help`, `obi serve --help`): what the service takes. Its
 * settings are environment variables (src/config/config.ts validates them; README.md, "Configuration", has every one).
 */
export const SERVICE_HELP = `usage: open-banking-insights [--role=api|worker|all] [--help]
       (npm start in the repository; npx open-banking-insights in a project that installed the package)

Starts the API (default http://127.0.0.1:8080), its reference at /docs, the lender console at /console and the
admin API on a loopback listener of its own. Options:
  --role=api|worker|all   what this process does (default all; or ROLE): api serves HTTP, worker runs the
                          background jobs, all does both; api and worker need DATABASE_URL
  --help, -h              this text

Settings are environment variables, checked at start (every bad one is listed). The common ones:
  PORT (8080), HOST (127.0.0.1)    where the API listens; PUBLIC_BASE_URL: the address clients reach it at
  DATA_DIR (./data)                the embedded database (PGlite), when DATABASE_URL is not set
  DATABASE_URL                     postgres://…: a PostgreSQL server (15 or newer) instead
  OBI_BOOTSTRAP_CLIENTS            id:secret,…: API clients created at start when missing
  OBI_SECRET_KEY[_FILE]            the installation key (required with NODE_ENV=production)
  OBI_ADMIN_TOKEN[_FILE], OBI_ADMIN_HOST, OBI_ADMIN_PORT   the admin API's operator token and listener
  LOG_LEVEL (info)                 pino level, JSON lines on stdout
  SMTP_URL, MAIL_FROM              e-mail for invitations (without: .eml files in DATA_DIR/mail-outbox)
  WEBHOOK_ALLOW_LOOPBACK (false)   allow webhooks to this machine (local development)
  SANDBOX_BANK (true outside production), BANK_CONNECTIONS[_FILE]   the banks to connect to
All of them, with defaults: README.md, "Configuration". The operator CLI: obi --help.
`;
