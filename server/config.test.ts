import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a safe default for everything', () => {
    const config = loadConfig({}, '/srv/showroom');
    expect(config).toMatchObject({
      port: 3000,
      dealerPort: 3001,
      host: '127.0.0.1',
      publicUrl: null,
      databaseUrl: 'sqlite:var/showroom.db',
      databasePath: path.join('/srv/showroom', 'var/showroom.db'),
      contentDir: path.join('/srv/showroom', 'examples/site'),
      allowedOrigins: null,
      logLevel: 'info',
      trustProxy: [],
      shutdownGraceMs: 10_000,
      contentPollMs: 1000,
      contentWatch: true,
      production: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DEALER_PORT: '8081',
        PUBLIC_URL: 'https://shop.example.com/',
        DATABASE_URL: 'sqlite::memory:',
        CONTENT_DIR: '/content',
        ALLOWED_ORIGINS: 'https://dealer.example.com, https://other.example.org',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      dealerPort: 8081,
      publicUrl: 'https://shop.example.com',
      databasePath: ':memory:',
      contentDir: '/content',
      allowedOrigins: ['https://dealer.example.com', 'https://other.example.org'],
      logLevel: 'warn',
      production: true,
    });
  });

  it('refuses bad values with a message naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'ftp://x', DATABASE_URL: 'mysql://db', ALLOWED_ORIGINS: 'https://a.example/path', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems[0]).toBe('PORT must be a port number from 0 to 65535, got "eighty"');
    expect(problems.join('\n')).toMatch(/PUBLIC_URL.*DATABASE_URL.*ALLOWED_ORIGINS.*LOG_LEVEL/s);
  });

  it('runs the demo extras in development, none in production unless EXAMPLES names them', () => {
    expect(loadConfig({}).examples).toEqual({ dealer: true, playground: true });
    expect(loadConfig({ NODE_ENV: 'production' }).examples).toEqual({ dealer: false, playground: false });
    expect(loadConfig({ NODE_ENV: 'production', EXAMPLES: 'dealer, playground' }).examples).toEqual({ dealer: true, playground: true });
    expect(loadConfig({ NODE_ENV: 'production', EXAMPLES: 'playground' }).examples).toEqual({ dealer: false, playground: true });
    expect(loadConfig({ EXAMPLES: 'none' }).examples).toEqual({ dealer: false, playground: false });
    expect(() => loadConfig({ EXAMPLES: 'dealer,shop' })).toThrow('EXAMPLES must be a comma-separated list of dealer, playground (or none), got "dealer,shop"');
  });

  it('refuses a port above 65535', () => {
    expect(() => loadConfig({ DEALER_PORT: '70000' })).toThrow(/DEALER_PORT must be a port number/);
  });

  it('reads the proxies to trust and the stop grace period', () => {
    const config = loadConfig({ HOST: '0.0.0.0', TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback', SHUTDOWN_GRACE_MS: '2500' });
    expect(config).toMatchObject({ host: '0.0.0.0', trustProxy: ['10.0.0.1', '192.168.0.0/16', 'loopback'], shutdownGraceMs: 2500 });
  });

  it('reads how content changes are followed: the poll, and the watcher (never in production)', () => {
    expect(loadConfig({ CONTENT_POLL_MS: '250', CONTENT_WATCH: '0' })).toMatchObject({ contentPollMs: 250, contentWatch: false });
    expect(loadConfig({ CONTENT_POLL_MS: '0', CONTENT_WATCH: '1' })).toMatchObject({ contentPollMs: 0, contentWatch: true });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ contentPollMs: 1000, contentWatch: false });
    expect(loadConfig({ NODE_ENV: 'production', CONTENT_WATCH: '1' }).contentWatch).toBe(false);
    expect(() => loadConfig({ CONTENT_POLL_MS: 'often' })).toThrow(/CONTENT_POLL_MS must be a number of milliseconds/);
    expect(() => loadConfig({ CONTENT_POLL_MS: '-5' })).toThrow(/CONTENT_POLL_MS must be a number of milliseconds/);
    expect(() => loadConfig({ CONTENT_WATCH: 'yes' })).toThrow(/CONTENT_WATCH must be 0 or 1/);
  });

  it('reads the size from which a studio save is checked in a thread of its own', () => {
    expect(loadConfig({}).contentCheckThreadKb).toBe(1024);
    expect(loadConfig({ CONTENT_CHECK_THREAD_KB: '0' }).contentCheckThreadKb).toBe(0);
    expect(loadConfig({ CONTENT_CHECK_THREAD_KB: '4096' }).contentCheckThreadKb).toBe(4096);
    expect(() => loadConfig({ CONTENT_CHECK_THREAD_KB: '1MB' })).toThrow(/CONTENT_CHECK_THREAD_KB must be a number of kilobytes/);
  });

  it('refuses a proxy that is not an address and a grace period that is not a number', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY must be a comma-separated list of proxy addresses/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS must be a number of milliseconds/);
  });
});
