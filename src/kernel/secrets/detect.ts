import { type Hasher, jsHasher, sha256Hex, utf8 } from '../canonical/sha256.js';

/** What a detected secret is: a vendor's credential by its documented shape, a key block, a token, a URL's password, or a high-entropy value assigned to a secret's name. */
export type SecretKind =
  | 'aws-access-key'
  | 'github-token'
  | 'gitlab-token'
  | 'slack-token'
  | 'slack-webhook'
  | 'discord-webhook'
  | 'telegram-bot-token'
  | 'stripe-key'
  | 'google-api-key'
  | 'npm-token'
  | 'openai-key'
  | 'anthropic-key'
  | 'private-key'
  | 'jwt'
  | 'database-url'
  | 'assigned-secret';

/** One secret found in a text. The secret itself is never part of a finding: only where it is, its kind, a masked excerpt and its fingerprint. */
export interface SecretFinding {
  kind: SecretKind;
  /** The kind in words (`GitHub token`). */
  label: string;
  /** UTF-16 offset of the secret's first character in the text. */
  offset: number;
  /** Its length in UTF-16 code units. */
  length: number;
  /** What may be shown of it: the public prefix its vendor gives every such secret (at most a key block's header), then `****`. */
  masked: string;
  /** 16 lowercase hex digits of SHA-256 over the kind, a NUL and the secret: names one secret in an allowlist without holding it. */
  fingerprint: string;
}

/** Options of {@link findSecrets} and {@link maskSecrets}. */
export interface SecretOptions {
  /** SHA-256 for the fingerprints (default the portable one). */
  hasher?: Hasher;
  /** Fingerprints to leave out (a config's `secrets.allow`, a write's `allowSecrets`). */
  allow?: Iterable<string>;
}

/** The mask written in place of a secret's hidden part. */
export const SECRET_MASK = '****';

interface Pattern {
  kind: SecretKind;
  label: string;
  /** A global regex; every quantifier is bounded and every match starts at a literal or a bounded class, so a scan is linear in the text. */
  re: RegExp;
  /** The capture group holding the secret (default the whole match). */
  group?: number;
  /** How many leading characters of the secret are its vendor's public prefix, shown in the mask. */
  shown: number | ((secret: string) => number);
  /** Further tests on the secret (entropy, a decoded header); false: not a secret. */
  accept?: (secret: string) => boolean;
}

// Letters, digits and `_`/`-`: the characters that continue a token, so a match must not sit inside a longer word.
const TAIL = '(?![A-Za-z0-9_-])';
const HEAD = '(?<![A-Za-z0-9_-])';

const PATTERNS: readonly Pattern[] = [
  { kind: 'aws-access-key', label: 'AWS access key id', re: new RegExp(`${HEAD}(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}${TAIL}`, 'g'), shown: 4, accept: (s) => diverse(s.slice(4), 8) },
  { kind: 'github-token', label: 'GitHub token', re: new RegExp(`${HEAD}gh[pousr]_[A-Za-z0-9]{36,251}${TAIL}`, 'g'), shown: 4, accept: (s) => random(s.slice(4)) },
  { kind: 'github-token', label: 'GitHub token', re: new RegExp(`${HEAD}github_pat_[A-Za-z0-9_]{60,244}${TAIL}`, 'g'), shown: 11, accept: (s) => random(s.slice(11)) },
  { kind: 'gitlab-token', label: 'GitLab token', re: new RegExp(`${HEAD}glpat-[A-Za-z0-9_-]{20,250}${TAIL}`, 'g'), shown: 6, accept: (s) => random(s.slice(6)) },
  { kind: 'slack-token', label: 'Slack token', re: new RegExp(`${HEAD}xox[abprs]-[A-Za-z0-9-]{10,250}${TAIL}`, 'g'), shown: 5, accept: (s) => /[0-9]/.test(s.slice(5)) && random(s.slice(5)) },
  {
    kind: 'slack-webhook',
    label: 'Slack webhook URL',
    re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,250}/g,
    shown: (s) => s.indexOf('/', 24) + 1,
    accept: (s) => random(s.slice(s.indexOf('/', 24) + 1)),
  },
  {
    kind: 'discord-webhook',
    label: 'Discord webhook URL',
    re: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/[A-Za-z0-9_-]{60,68}(?![A-Za-z0-9_-])/g,
    shown: (s) => s.indexOf('/webhooks/') + 10,
    accept: (s) => random(s.slice(s.lastIndexOf('/') + 1)),
  },
  { kind: 'telegram-bot-token', label: 'Telegram bot token', re: /(?<![0-9A-Za-z])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g, shown: 0, accept: (s) => random(s.slice(s.indexOf(':') + 3)) },
  { kind: 'stripe-key', label: 'Stripe live key', re: new RegExp(`${HEAD}(?:sk|rk)_live_[A-Za-z0-9]{24,247}${TAIL}`, 'g'), shown: 8, accept: (s) => random(s.slice(8)) },
  { kind: 'google-api-key', label: 'Google API key', re: new RegExp(`${HEAD}AIza[0-9A-Za-z_-]{35}${TAIL}`, 'g'), shown: 4, accept: (s) => random(s.slice(4)) },
  { kind: 'npm-token', label: 'npm token', re: new RegExp(`${HEAD}npm_[A-Za-z0-9]{36}${TAIL}`, 'g'), shown: 4, accept: (s) => random(s.slice(4)) },
  { kind: 'anthropic-key', label: 'Anthropic API key', re: new RegExp(`${HEAD}sk-ant-(?:api|admin|oat)[0-9]{2}-[A-Za-z0-9_-]{32,200}${TAIL}`, 'g'), shown: 7, accept: (s) => random(s.slice(14)) },
  {
    kind: 'openai-key',
    label: 'OpenAI API key',
    re: new RegExp(`${HEAD}sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,300}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|[A-Za-z0-9]{48})${TAIL}`, 'g'),
    shown: 3,
    accept: (s) => random(s.slice(3)),
  },
  {
    kind: 'private-key',
    label: 'private key block',
    // The header, then a key's body: base64 lines (in JSON text the line breaks are `\n` escapes), at least 40 characters of it.
    re: /-----BEGIN (?:[A-Z0-9]{1,20} ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:\\[rn]|\s){1,8}(?:[A-Za-z-]{1,30}: ?[^\n\\]{0,200}(?:\\[rn]|\s){1,4}){0,4}[A-Za-z0-9+/=]{40}(?:[A-Za-z0-9+/=]|\\[rn]|\s){0,16000}/g,
    shown: (s) => s.indexOf('-----', 5) + 5,
    accept: (s) => diverse(s.slice(s.indexOf('-----', 5) + 5), 16),
  },
  {
    kind: 'jwt',
    label: 'JSON Web Token',
    re: new RegExp(`${HEAD}eyJ[A-Za-z0-9_-]{10,2000}\\.[A-Za-z0-9_-]{2,8000}\\.[A-Za-z0-9_-]{16,2000}${TAIL}`, 'g'),
    shown: 3,
    accept: jwtHeader,
  },
  {
    kind: 'database-url',
    label: 'database URL with a password',
    re: /(?<![A-Za-z0-9+.-])(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?):\/\/[^\s:/@"'<>`]{0,128}:([^\s/@"'<>`]{1,256})@[A-Za-z0-9[]/g,
    group: 1,
    shown: 0,
    accept: (s) => !placeholder(s) && s.length >= 4 && !COMMON_WORDS.has(s.toLowerCase()),
  },
  {
    kind: 'assigned-secret',
    label: 'secret value assigned to a secret name',
    // A name (password, secret, token, api_key…), an optional closing quote, `=`, `:` or `=>`, an optional opening quote, the value.
    re: /(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)s?["'`]?[ \t]{0,4}(?:=>|:=|[:=])[ \t]{0,4}["'`]?([^\s"'`,;<>(){}[\]\\]{12,256})(?![^\s"'`,;<>(){}[\]\\])/gi,
    group: 1,
    shown: 0,
    accept: (s) => !placeholder(s) && !hashShaped(s) && highEntropy(s),
  },
];

const COMMON_WORDS: ReadonlySet<string> = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'changeme',
  'admin',
  'root',
  'user',
  'guest',
  'test',
  'example',
  'postgres',
  'mysql',
  'redis',
  'mongo',
  'token',
]);

// Words whose presence marks a documented example, a template or a redaction, not a live secret (AKIAIOSFODNN7EXAMPLE, `<token>`, `${VAR}`, `xxxx`).
const PLACEHOLDER = /example|sample|dummy|placeholder|redacted|changeme|change_me|your[_-]|insert|replace|fake|xxxx|\*\*\*|\.\.\.|^\$|\$\{|\{\{|%\(|^%s$|<|>/i;

function placeholder(s: string): boolean {
  return PLACEHOLDER.test(s);
}

/** Shannon entropy of `s` in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** At least `min` distinct characters and no documented-example word: a generated value, not `AAAA…` or `…EXAMPLE`. */
function diverse(s: string, min: number): boolean {
  return !placeholder(s) && new Set(s).size >= min;
}

/** The body of a vendor token: random-looking (entropy over 3 bits per character) and no example word. */
function random(s: string): boolean {
  return !placeholder(s) && entropy(s) > 3;
}

const HEX = /^[0-9a-fA-F]+$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const B64_DIGEST = /^(?:sha(?:1|256|384|512)[-:])?[A-Za-z0-9+/]{27,86}={0,2}$/;
const DOTTED_NAME = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const WORDS = /^[a-z]+(?:[-_][a-z]+)+$/;

/** Hashes and ids memory files are full of: hex digests (any length), UUIDs, base64 digests, `sha256:…`, a dotted name (`process.env.TOKEN`), dashed words. */
function hashShaped(s: string): boolean {
  const bare = s.replace(/^(?:sha(?:1|256|384|512)|md5)[-:]/i, '');
  if (HEX.test(bare) || UUID.test(s) || DOTTED_NAME.test(s) || WORDS.test(s)) return true;
  // A base64 digest: exactly the length of a SHA-1/256/384/512 digest in base64.
  return B64_DIGEST.test(s) && [28, 44, 64, 88].includes(bare.length) && bare.endsWith('=');
}

/** A generated value: over 3.5 bits per character, and letters with digits or symbols in it (prose words and identifiers have neither). */
function highEntropy(s: string): boolean {
  if (entropy(s) < 3.5) return false;
  const lower = /[a-z]/.test(s);
  const upper = /[A-Z]/.test(s);
  const digit = /[0-9]/.test(s);
  const symbol = /[^A-Za-z0-9]/.test(s);
  return (lower || upper) && (digit || symbol) && Number(lower) + Number(upper) + Number(digit) + Number(symbol) >= 3;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

/** A JWT's header decodes (base64url) to a JSON object naming its `alg`. */
function jwtHeader(token: string): boolean {
  const head = token.slice(0, token.indexOf('.'));
  if (!B64URL.test(head)) return false;
  const atob = (globalThis as { atob?: (s: string) => string }).atob;
  if (atob === undefined) return false;
  try {
    const padded = head.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (head.length % 4)) % 4);
    const value = JSON.parse(atob(padded)) as unknown;
    return value !== null && typeof value === 'object' && typeof (value as { alg?: unknown }).alg === 'string' && !placeholder(token);
  } catch {
    return false;
  }
}

/** The fingerprint of one secret: 16 hex digits of SHA-256 over `kind`, a NUL and the secret. */
export function secretFingerprint(kind: SecretKind, secret: string, hasher: Hasher = jsHasher): string {
  return sha256Hex(utf8(`${kind}\u0000${secret}`), hasher).slice(0, 16);
}

// Every vendor-shaped secret holds one of these (case-sensitive, as the vendors spell them), every assigned one a
// name (any case): a text with neither is not scanned pattern by pattern.
const VENDOR_TRIGGER = /AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|webhooks|:AA|_live_|AIza|npm_|sk-|PRIVATE KEY|eyJ|:\/\//;
const NAME_TRIGGER = /passw|pwd|secret|token|key|credential/i;

/**
 * Every secret in `text`, in text order, overlapping findings reduced to the first: vendor credentials by their
 * documented shapes, private key blocks, JWTs, database URLs with a password, and high-entropy values assigned to
 * a secret's name. Documented example values, placeholders (`<token>`, `${VAR}`, `xxxx`, `changeme`), hex digests,
 * UUIDs and base64 digests are not secrets. Linear in the text's length: every pattern's quantifiers are bounded.
 * @example findSecrets('token: ghp_' + 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5')[0]?.kind // 'github-token'
 */
export function findSecrets(text: string, options: SecretOptions = {}): SecretFinding[] {
  const vendor = VENDOR_TRIGGER.test(text);
  const named = NAME_TRIGGER.test(text);
  if (!vendor && !named) return [];
  const hasher = options.hasher ?? jsHasher;
  const allow = options.allow === undefined ? undefined : new Set(options.allow);
  const found: SecretFinding[] = [];
  for (const p of PATTERNS) {
    if (!(p.kind === 'assigned-secret' ? named : vendor)) continue;
    p.re.lastIndex = 0;
    for (let m = p.re.exec(text); m !== null; m = p.re.exec(text)) {
      const secret = m[p.group ?? 0]!;
      const offset = m.index + (p.group === undefined ? 0 : m[0].lastIndexOf(secret));
      if (p.accept !== undefined && !p.accept(secret)) {
        // A refused match may hide a real one starting inside it.
        p.re.lastIndex = m.index + 1;
        continue;
      }
      const shown = Math.max(0, Math.min(typeof p.shown === 'number' ? p.shown : p.shown(secret), 4 + 60, secret.length - 8));
      found.push({ kind: p.kind, label: p.label, offset, length: secret.length, masked: secret.slice(0, shown) + SECRET_MASK, fingerprint: secretFingerprint(p.kind, secret, hasher) });
    }
  }
  found.sort((a, b) => a.offset - b.offset || b.length - a.length);
  const out: SecretFinding[] = [];
  let end = -1;
  for (const f of found) {
    if (f.offset < end) continue;
    end = f.offset + f.length;
    if (allow === undefined || !allow.has(f.fingerprint)) out.push(f);
  }
  return out;
}

/**
 * `text` with every secret {@link findSecrets} finds replaced by its masked excerpt, for output that shows stored
 * text (search snippets, read tools): what was written before detection existed is masked all the same.
 * @example maskSecrets('key AKIAZ7Q2LMNB4XVC6RTD') // 'key AKIA****'
 */
export function maskSecrets(text: string, options: SecretOptions = {}): string {
  const found = findSecrets(text, options);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const f of found) {
    out += text.slice(at, f.offset) + f.masked;
    at = f.offset + f.length;
  }
  return out + text.slice(at);
}
