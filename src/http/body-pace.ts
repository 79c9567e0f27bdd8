/**
 * Slow senders are cut off (docs/security.md, "Timeouts"). A body dripped a byte at a time holds a connection and
 * a parser for as long as the sender likes; the server's own timeouts bound the whole request, and this bounds
 * the pace: once a grace period has passed, a body arriving more slowly on average than a minimum rate is
 * abandoned with 408 and the connection closed. The defaults (16 KiB/s after 20 s) let a 100 000-transaction
 * submission (about 35 MB) through on any link faster than about 0.3 Mbit/s, inside the 10-minute request limit
 * (src/app/app.ts), while a drip is gone after 20 seconds.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';

export interface BodyPace {
  minBytesPerSecond: number;
  graceSeconds: number;
}

class SlowBodyError extends Error {
  readonly statusCode = 408;
  readonly code = 'FST_ERR_SLOW_BODY';
  constructor() {
    super('The request body arrived too slowly and was abandoned.');
  }
}

/** Watches the body's pace; fails the stream (and so the request) when the sender falls behind. */
function pacedStream(pace: BodyPace, onSlow: () => void): Transform {
  const started = Date.now();
  let received = 0;
  const check = () => {
    const seconds = (Date.now() - started) / 1000;
    if (seconds >= pace.graceSeconds && received / seconds < pace.minBytesPerSecond) {
      stream.destroy(new SlowBodyError());
      onSlow();
    }
  };
  const timer = setInterval(check, 1000);
  timer.unref();
  // Fastify checks the body limit and Content-Length against receivedEncodedLength of the stream it is handed.
  const stream = Object.assign(
    new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
        received += chunk.length;
        stream.receivedEncodedLength = received;
        done(null, chunk);
      },
    }),
    { receivedEncodedLength: 0 },
  );
  stream.on('close', () => clearInterval(timer));
  return stream;
}

/** Whether the request says a body follows (GET and friends have none: nothing to pace). */
function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = Number(headers['content-length'] ?? 0);
  return length > 0 || headers['transfer-encoding'] !== undefined;
}

export function registerBodyPace(app: FastifyInstance, pace: BodyPace): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request.headers)) return payload;
    const paced = pacedStream(pace, () => {
      reply.header('connection', 'close');
    });
    // The request's error is reported by the parser reading this stream; never as an unhandled event.
    paced.on('error', () => undefined);
    // Once the answer is out (a 401 before the body was read, say), the pace no longer matters.
    reply.raw.once('close', () => paced.destroy());
    // Errors from the source reach the parser through the paced stream.
    payload.on('error', (err) => paced.destroy(err));
    payload.on('close', () => {
      if (!payload.readableEnded) paced.destroy();
    });
    return payload.pipe(paced);
  });
}
