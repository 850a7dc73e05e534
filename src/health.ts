/**
 * Health of the running bot (README "Deploy and scale out", HEALTHCHECK): the database answers a query and
 * the gateway session is ready. Served as `GET /healthz` on 127.0.0.1:HEALTH_PORT (and on the
 * local-play port): 200 when healthy, 503 otherwise, with a JSON body saying which part fails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Status } from 'discord.js';
import type { App } from './app.js';

/** What `/healthz` answers. */
export interface Health {
  ok: boolean;
  body: { status: 'ok' | 'unhealthy'; database: 'ok' | 'error'; gateway: 'ready' | 'connecting' | 'disconnected'; uptimeMs: number };
}

const startedAt = Date.now();

/** How long the database may take to answer the probe's query before it counts as failing, ms. */
export const HEALTH_QUERY_TIMEOUT_MS = 2000;

/**
 * Probe the app: one trivial query on its store (answered within HEALTH_QUERY_TIMEOUT_MS),
 * and its gateway status. Never rejects.
 */
export async function probeHealth(app: App | null): Promise<Health> {
  let database: 'ok' | 'error' = 'error';
  if (app) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database probe timed out')), HEALTH_QUERY_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await Promise.race([app.context.store.table(0), timeout]);
      database = 'ok';
    } catch {
      database = 'error';
    } finally {
      clearTimeout(timer);
    }
  }
  // The manager's status stays Ready after a drop; each shard's own status does not.
  const shards = app ? [...app.client.ws.shards.values()].map((s) => s.status) : [];
  const gateway =
    shards.length > 0 && shards.every((s) => s === Status.Ready)
      ? 'ready'
      : shards.length === 0 || shards.some((s) => s === Status.Disconnected || s === Status.Idle)
        ? 'disconnected'
        : 'connecting';
  const ok = database === 'ok' && gateway === 'ready';
  return { ok, body: { status: ok ? 'ok' : 'unhealthy', database, gateway, uptimeMs: Date.now() - startedAt } };
}

/**
 * Serve `GET /healthz` on 127.0.0.1:`port` (0 = ephemeral, for tests) from `probe`.
 * Resolves with the server once listening; rejects with the listen error.
 */
export async function startHealthServer(port: number, probe: () => Health | Promise<Health>): Promise<Server & { port: number }> {
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/healthz') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"only GET /healthz"}');
      return;
    }
    const h = await probe();
    const text = JSON.stringify(h.body);
    res.writeHead(h.ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(text);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}
