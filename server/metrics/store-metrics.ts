/**
 * The store's metrics in Prometheus' text format (prom-client), for an operator's Prometheus and
 * Grafana (docs/deployment.md#metrics). Never public: served on a port of their own (METRICS_PORT)
 * or at /metrics of the store behind a bearer token (METRICS_TOKEN); with neither, there are none.
 *
 * - Requests: a duration histogram by method, route (the route's pattern, never the raw path, so
 *   ids do not multiply the series) and status, measured here at the edge.
 * - Orders, payments and refunds are read from the database at each scrape, where the orders
 *   module keeps them: every server reports the same store-wide figures (on several servers,
 *   aggregate with max(), not sum()), a restart loses nothing, and a declined card is a payment
 *   row of status `failed`, as recorded.
 * - The mail queue's depth and its oldest message's age, the content version this server serves,
 *   the database pool's connections, and node's own (event-loop lag, memory, CPU).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type Koa from 'koa';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';

export interface MetricsSources {
  database: Database;
  /** The id of the published content version this server serves (0: none yet). */
  contentVersion: () => number;
}

/** The route a request took: the router's pattern, or the kind of path where no router matched. */
function routeOf(ctx: Koa.Context): string {
  const matched = (ctx as Koa.Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  const path = ctx.path;
  if (path.startsWith('/api/') || path.startsWith('/dev/')) return 'api (no route)';
  for (const prefix of ['/assets/', '/widgets/', '/images/', '/playground/']) if (path.startsWith(prefix)) return `${prefix}*`;
  if (path === '/metrics') return '/metrics';
  return 'page';
}

const sameSecret = (given: string, expected: string) => timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

export class StoreMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  /**
   * The pool as it was when the scrape began. Read later, it would count the scrape's own queries
   * (the gauges above issue theirs in the same turn, so they wait for the pool's next tick): an idle
   * store's pool then showed as many clients waiting as it has connections.
   */
  private poolAtScrape: { total: number; idle: number; waiting: number } | null = null;

  private readonly database: Database;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'showroom_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const { database } = sources;
    this.database = database;
    const q = database.q;
    new Gauge({
      name: 'showroom_orders',
      help: 'Orders placed, store-wide, by source (cart: the checkout; quote: a paid quote).',
      labelNames: ['source'],
      registers,
      async collect() {
        const rows = await q.all(q.db.selectFrom('sales_order').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('quote_id').as('from_quotes')]));
        const total = Number(rows[0]?.n ?? 0);
        const fromQuotes = Number(rows[0]?.from_quotes ?? 0);
        this.set({ source: 'cart' }, total - fromQuotes);
        this.set({ source: 'quote' }, fromQuotes);
      },
    });
    new Gauge({
      name: 'showroom_payments',
      help: 'Payments recorded, store-wide, by gateway and status (completed, pending, on_hold, failed: a declined card, voided).',
      labelNames: ['gateway', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await q.all(q.db.selectFrom('payment').select(['gateway', 'status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['gateway', 'status']));
        for (const r of rows) this.set({ gateway: r.gateway, status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'showroom_payments_dollars',
      help: 'Dollars of the completed payments, store-wide, by gateway.',
      labelNames: ['gateway'],
      registers,
      async collect() {
        this.reset();
        const rows = await q.all(q.db.selectFrom('payment').select(['gateway', (eb) => eb.fn.sum<number>('amount_cents').as('cents')]).where('status', '=', 'completed').groupBy('gateway'));
        for (const r of rows) this.set({ gateway: r.gateway }, Number(r.cents) / 100);
      },
    });
    new Gauge({
      name: 'showroom_refunds',
      help: 'Refunds and voids, store-wide, by gateway, kind and status (requested, processing, pending, succeeded, failed, refused).',
      labelNames: ['gateway', 'kind', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await q.all(
          q.db
            .selectFrom('payment_refund as r')
            .innerJoin('payment as p', 'p.id', 'r.payment_id')
            .select(['p.gateway', 'r.kind', 'r.status', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy(['p.gateway', 'r.kind', 'r.status']),
        );
        for (const r of rows) this.set({ gateway: r.gateway, kind: r.kind, status: r.status }, Number(r.n));
      },
    });
    const mailQueue = async () => q.first(q.db.selectFrom('mail_outbox').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')]).where('status', '=', 'pending'));
    new Gauge({
      name: 'showroom_mail_queue_depth',
      help: 'E-mails waiting in the outbox to be sent.',
      registers,
      async collect() {
        this.set(Number((await mailQueue())?.n ?? 0));
      },
    });
    new Gauge({
      name: 'showroom_mail_queue_oldest_seconds',
      help: 'Age of the oldest e-mail waiting in the outbox (0: none waits).',
      registers,
      async collect() {
        const oldest = (await mailQueue())?.oldest;
        this.set(oldest ? Math.max(0, (Date.now() - Date.parse(String(oldest))) / 1000) : 0);
      },
    });
    new Gauge({
      name: 'showroom_mail_failed',
      help: 'E-mails the outbox gave up on after its retries.',
      registers,
      async collect() {
        this.set(Number((await q.first(q.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed')))?.n ?? 0));
      },
    });
    new Gauge({
      name: 'showroom_content_version',
      help: 'The id of the published content version this server serves (0: the folder as deployed, no publish yet).',
      registers,
      collect() {
        this.set(sources.contentVersion());
      },
    });
    const metrics = this;
    new Gauge({
      name: 'showroom_db_pool_connections',
      help: "The database's connections by state (PostgreSQL's pool: total, idle, waiting clients; SQLite: its one connection).",
      labelNames: ['engine', 'state'],
      registers,
      collect() {
        const pool = database.pool;
        if (!pool) {
          this.set({ engine: 'sqlite', state: 'total' }, 1);
          return;
        }
        const seen = metrics.poolAtScrape ?? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
        this.set({ engine: 'postgres', state: 'total' }, seen.total);
        this.set({ engine: 'postgres', state: 'idle' }, seen.idle);
        this.set({ engine: 'postgres', state: 'waiting' }, seen.waiting);
      },
    });
  }

  /** Times every request of the app it is put in front of. */
  readonly middleware: Koa.Middleware = async (ctx, next) => {
    const end = this.requests.startTimer();
    try {
      await next();
    } finally {
      // Error answers are set by the error handler inside; a thrown one that escapes is a 500.
      end({ method: ctx.method, route: routeOf(ctx), status: String(ctx.status) });
    }
  };

  async text(): Promise<{ body: string; type: string }> {
    const pool = this.database.pool;
    this.poolAtScrape = pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
    return { body: await this.registry.metrics(), type: this.registry.contentType };
  }

  /**
   * /metrics of the store itself, for the holder of METRICS_TOKEN only (a bearer token); any other
   * caller gets the same 404 as a store without metrics, so nothing tells they exist.
   */
  tokenRoute(token: string): Koa.Middleware {
    return async (ctx, next) => {
      if (ctx.path !== '/metrics') return next();
      const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
      if (ctx.method !== 'GET' || !given || !sameSecret(given, token)) return next();
      const { body, type } = await this.text();
      ctx.set('Cache-Control', 'no-store');
      ctx.type = type;
      ctx.body = body;
    };
  }

  /** The whole app of the metrics port: GET /metrics, nothing else. */
  portHandler(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void {
    return (req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics.\n');
        return;
      }
      this.text().then(
        ({ body, type }) => res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body),
        (err: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`The metrics could not be read: ${err instanceof Error ? err.message : String(err)}\n`),
      );
    };
  }
}
