import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs with no variables at all, on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
    expect(config.adminEmail).toBe('admin@glint.local');
    expect(config.seedDemo).toBe(true);
    expect(config.business.name).toBe('Glint');
    expect(config.business.serviceZipCodes).toEqual([]);
    // Loopback and quiet unless asked: demo logins stay off the network, request lines off the terminal.
    expect(config.host).toBe('localhost');
    expect(config.logLevel).toBe('warn');
  });

  it('does not seed demo data in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('derives PUBLIC_URL from PORT and parses ZIP lists', () => {
    const config = loadConfig({ PORT: '6001', SERVICE_ZIP_CODES: '95110, 95112 ,' });
    expect(config.publicUrl).toBe('http://localhost:6001');
    expect(config.business.serviceZipCodes).toEqual(['95110', '95112']);
  });

  it('takes map tiles from OpenStreetMap unless MAP_TILE_URL names another tile server', () => {
    expect(loadConfig({}).mapTileUrl).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({ MAP_TILE_URL: 'http://tiles.local/{z}/{x}/{y}.png' }).mapTileUrl).toBe('http://tiles.local/{z}/{x}/{y}.png');
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.local/tile.png' })).toThrow(/MAP_TILE_URL: must be an http\(s\) or \/path URL template with \{z\}, \{x\} and \{y\}/);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY names the proxies, and never all of them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.4 ,loopback,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.4', 'loopback', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a number of proxy hops .*true is not allowed/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33, proxy.local' })).toThrow(/TRUST_PROXY: not proxy addresses or CIDRs: 10\.0\.0\.0\/33, proxy\.local/);
  });

  it('stops with a message naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SERVICE_ZIP_CODES: '9511', ADMIN_PASSWORD: 'short', SEED_DEMO: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SERVICE_ZIP_CODES: not 5-digit ZIP codes: 9511');
    expect(message).toContain('ADMIN_PASSWORD');
  });

  it('names SEED_DEMO when it is not a boolean', () => {
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('reads the operations settings: backups, metrics token, log format', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ backupDir: undefined, backupKeep: 14, metricsToken: undefined, logFormat: 'json' });
    expect(loadConfig({ BACKUP_DIR: ' /var/backups/glint ', BACKUP_KEEP: '30', METRICS_TOKEN: 'a-long-enough-token', LOG_FORMAT: 'pretty' })).toMatchObject({
      backupDir: '/var/backups/glint',
      backupKeep: 30,
      metricsToken: 'a-long-enough-token',
      logFormat: 'pretty',
    });
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP: must be a whole number from 1 to 1000/);
    expect(() => loadConfig({ BACKUP_KEEP: 'many' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: must be json or pretty/);
  });
});
