/**
 * Plain messages for network failures at login (README → Configuration, DISCORD_API_URL):
 * each kind is told apart from the error discord.js / undici / Node raise, and the message
 * names DISCORD_API_URL when it is set, the network otherwise. (The refused, TLS and DNS
 * cases run for real in test/local/built.test.ts; a timeout is shaped here.)
 */
import { describe, expect, it } from 'vitest';
import { classifyNetworkFailure, describeLoginFailure } from '../../src/login-errors.js';

const err = (props: Record<string, unknown>, cause?: unknown) => Object.assign(new Error(String(props.message ?? 'x')), props, cause ? { cause } : {});

describe('network failures at login', () => {
  it('tells DNS, refused, timeout, TLS and broken connections apart (also through causes)', () => {
    expect(classifyNetworkFailure(err({ code: 'ENOTFOUND' }))).toBe('dns');
    expect(classifyNetworkFailure(err({ code: 'EAI_AGAIN' }))).toBe('dns');
    expect(classifyNetworkFailure(err({ message: 'fetch failed' }, err({ code: 'ECONNREFUSED' })))).toBe('refused');
    expect(classifyNetworkFailure(err({ name: 'AbortError', message: 'This operation was aborted' }))).toBe('timeout');
    expect(classifyNetworkFailure(err({ code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe('timeout');
    expect(classifyNetworkFailure(err({ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }))).toBe('tls');
    expect(classifyNetworkFailure(err({ code: 'CERT_HAS_EXPIRED' }))).toBe('tls');
    expect(classifyNetworkFailure(err({ code: 'ECONNRESET' }))).toBe('network');
    expect(classifyNetworkFailure(err({ code: 'TokenInvalid' }))).toBeNull();
    expect(classifyNetworkFailure(new Error('something else'))).toBeNull();
  });

  it('names DISCORD_API_URL when set, the network when not', () => {
    const timeout = err({ name: 'AbortError' });
    expect(describeLoginFailure(timeout, 'http://10.0.0.5:8080/api')).toBe(
      'Cannot reach Discord at http://10.0.0.5:8080/api: 10.0.0.5:8080 did not answer in time.\nCheck DISCORD_API_URL (http://10.0.0.5:8080/api): it must be the base URL of Discord\'s API or of a REST proxy that is running, e.g. http://127.0.0.1:8080/api. Remove it to talk to Discord directly.',
    );
    const dns = describeLoginFailure(err({ code: 'ENOTFOUND' }), null)!;
    expect(dns).toMatch(/^Cannot reach Discord at https:\/\/discord\.com\/api: the name discord\.com could not be resolved \(DNS\)/);
    expect(dns).toMatch(/network connection, DNS and firewall/);
    expect(describeLoginFailure(err({ code: 'TokenInvalid' }), null)).toBeNull();
  });

  it('names DISCORD_REST_PROXY when the bot sends through the shared REST proxy (docs/operations.md)', () => {
    const refused = describeLoginFailure(err({ message: 'fetch failed' }, err({ code: 'ECONNREFUSED' })), 'http://emu/api', 'http://rest-proxy:8080')!;
    expect(refused).toBe(
      'Cannot reach Discord at http://rest-proxy:8080: the connection to rest-proxy:8080 was refused (nothing listens there).\nCheck DISCORD_REST_PROXY (http://rest-proxy:8080): it must be the address of the REST proxy (npm run proxy, docs/operations.md "One REST proxy for every host"), and the proxy must be running. Remove it to talk to Discord directly.',
    );
  });
});
