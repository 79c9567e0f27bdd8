/**
 * PORT=0 asks the system for a free port. The service's own address (PUBLIC_BASE_URL's default `http://HOST:PORT`)
 * is in every link it makes (invitations, the bank's callback, the OpenAPI document's server), so the port must be
 * known before the configuration is read, not after the listener is up. When PORT is 0 and PUBLIC_BASE_URL is not
 * given, the port is taken from the system first and held (SO_REUSEPORT) until the service listens on it too; the
 * configuration then names the real port.
 */
import net from 'node:net';

export interface HeldPort {
  port: number;
  /** Lets go of the hold once the service listens on the port itself. */
  release(): Promise<void>;
}

/** The held port for this environment, or null when PORT is not 0 or the address is given explicitly. */
export async function holdListenPort(env: NodeJS.ProcessEnv): Promise<HeldPort | null> {
  if ((env.PORT ?? '').trim() !== '0' || (env.PUBLIC_BASE_URL ?? '').trim() !== '') return null;
  const host = (env.HOST ?? '').trim() || '127.0.0.1';
  const holder = net.createServer();
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen({ port: 0, host, reusePort: true }, resolve);
  });
  const address = holder.address();
  if (typeof address !== 'object' || address === null) throw new Error('the system gave no port');
  return {
    port: address.port,
    release: () => new Promise<void>((resolve) => holder.close(() => resolve())),
  };
}
