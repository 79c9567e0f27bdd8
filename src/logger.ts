/**
 * Structured JSON logs (pino). What must never be logged is listed once, in src/lib/log-redaction.ts: those
 * members are redacted wherever they appear, and every logged request URL has its secrets masked.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';
import { maskUrl, REDACT_PATHS } from './lib/log-redaction.ts';

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
