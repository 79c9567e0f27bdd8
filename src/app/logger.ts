/**
 * Structured JSON logs (pino). What must never be logged is listed once, in src/lib/log-redaction.ts: those
 * members are redacted wherever they appear, and every logged request URL has its secrets masked.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { maskUrl, REDACT_PATHS } from '../lib/log-redaction.ts';

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** The request as logged: method, masked URL, host and peer (no headers, no query secrets). */
export function requestSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: maskUrl(req.url ?? ''),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}

/** The service's logger; `destination` (stdout by default) lets a test read what would be logged. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    serializers: { req: requestSerializer },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogFn = (...args: unknown[]) => void;

/**
 * A request's logger that becomes pino's child only when a line is written at a level the service logs: at the
 * default levels most requests write nothing, and a child for each (its bindings serialised and redacted) was
 * about 1 % of a small read's CPU (docs/decisions/0031-small-reads-in-one-round-trip.md). A line that is written
 * goes through the real child, with the same bindings, serialisers and redaction as before.
 */
class LazyChildLogger {
  readonly #parent: Logger;
  readonly #bindings: Record<string, unknown>;
  #child: Logger | undefined;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  constructor(parent: Logger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  bindings(): Record<string, unknown> {
    return this.#real().bindings();
  }

  child(bindings: Record<string, unknown>, options?: object): Logger {
    return this.#real().child(bindings, options);
  }

  static {
    for (const level of LEVELS) {
      Object.defineProperty(LazyChildLogger.prototype, level, {
        value: function (this: LazyChildLogger, ...args: unknown[]) {
          if (!this.isLevelEnabled(level)) return;
          (this.#real()[level] as LogFn)(...args);
        },
      });
    }
  }
}

/**
 * Fastify's childLoggerFactory (src/app/app.ts): a lazy child for every request, or pino's own child at once when the
 * route sets options of its own (a log level, serialisers).
 */
export function lazyChildLogger(
  logger: Logger,
  bindings: Record<string, unknown>,
  options: Record<string, unknown>,
): Logger | LazyChildLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings);
}
