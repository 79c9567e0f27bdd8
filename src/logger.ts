/** Structured JSON logs (pino). Secrets and tokens are redacted wherever they could appear. */
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.client_secret',
        '*.access_token',
        '*.token',
        '*.secret',
        'client_secret',
        'access_token',
        'token',
        'secret',
      ],
      censor: '[redacted]',
    },
  });
}
