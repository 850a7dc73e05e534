/**
 * Plain messages for the ways logging in can fail before Discord has even answered (README →
 * Configuration): the name does not resolve, the connection is refused or times out, or TLS
 * fails. Each names DISCORD_API_URL (when set) or the network, never a stack trace.
 */

/** Where discord.js sends REST requests when DISCORD_API_URL is not set. */
export const DISCORD_DEFAULT_API = 'https://discord.com/api';

/** The kinds of network failure at login. */
export type NetworkFailure = 'dns' | 'refused' | 'timeout' | 'tls' | 'network';

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|EPROTO$|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|ERR_OSSL)/;

/** Walk an error and its causes for a Node/undici error code or an AbortError. */
function codesOf(err: unknown): { codes: string[]; names: string[]; messages: string[] } {
  const codes: string[] = [];
  const names: string[] = [];
  const messages: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') codes.push(e.code);
    if (typeof e.name === 'string') names.push(e.name);
    if (typeof e.message === 'string') messages.push(e.message);
    current = e.cause;
  }
  return { codes, names, messages };
}

/** Which network failure `err` is, or null when it is something else (e.g. a rejected token). */
export function classifyNetworkFailure(err: unknown): NetworkFailure | null {
  const { codes, names, messages } = codesOf(err);
  if (codes.some((c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN' || c === 'EAI_FAIL' || c === 'EAI_NONAME')) return 'dns';
  if (codes.includes('ECONNREFUSED')) return 'refused';
  if (codes.some((c) => TLS_CODES.test(c)) || messages.some((m) => /SSL routines|wrong version number|certificate/i.test(m))) return 'tls';
  if (codes.some((c) => c === 'ETIMEDOUT' || c === 'UND_ERR_CONNECT_TIMEOUT' || c === 'UND_ERR_HEADERS_TIMEOUT' || c === 'ESOCKETTIMEDOUT') || names.includes('AbortError') || names.includes('TimeoutError')) return 'timeout';
  if (codes.some((c) => c === 'ECONNRESET' || c === 'ENETUNREACH' || c === 'EHOSTUNREACH' || c === 'EPIPE' || c === 'UND_ERR_SOCKET' || c === 'ENETDOWN')) return 'network';
  return null;
}

/**
 * The message for a network failure at login, or null when `err` is not one.
 * @param apiUrl DISCORD_API_URL, or null when the bot talks to Discord directly
 * @param proxyUrl DISCORD_REST_PROXY when set: the REST proxy every host shares (named instead)
 */
export function describeLoginFailure(err: unknown, apiUrl: string | null, proxyUrl: string | null = null): string | null {
  const kind = classifyNetworkFailure(err);
  if (!kind) return null;
  const target = proxyUrl ?? apiUrl ?? DISCORD_DEFAULT_API;
  let host = target;
  try {
    host = new URL(target).host;
  } catch {
    // keep the raw value
  }
  const what: Record<NetworkFailure, string> = {
    dns: `the name ${host} could not be resolved (DNS)`,
    refused: `the connection to ${host} was refused (nothing listens there)`,
    timeout: `${host} did not answer in time`,
    tls: `the secure (TLS) connection to ${host} failed — is it really https, with a valid certificate?`,
    network: `the connection to ${host} broke off`,
  };
  const fix = proxyUrl
    ? `Check DISCORD_REST_PROXY (${proxyUrl}): it must be the address of the REST proxy (npm run proxy, docs/operations.md "One REST proxy for every host"), and the proxy must be running. Remove it to talk to Discord directly.`
    : apiUrl
    ? `Check DISCORD_API_URL (${apiUrl}): it must be the base URL of Discord's API or of a REST proxy that is running, e.g. http://127.0.0.1:8080/api. Remove it to talk to Discord directly.`
    : `Check this machine's network connection, DNS and firewall (the bot needs outgoing HTTPS to discord.com and a WebSocket to gateway.discord.gg).`;
  return `Cannot reach Discord at ${target}: ${what[kind]}.\n${fix}`;
}
