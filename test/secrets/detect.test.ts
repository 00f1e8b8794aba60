import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import corpus from '../fixtures/secrets/corpus.json' with { type: 'json' };
import { SECRET_MASK, findSecrets, maskSecrets, secretFingerprint, secretFingerprintOf, secretMessage } from '../../src/kernel/secrets/index.js';

describe('findSecrets on the corpus', () => {
  it('finds every secret of the corpus, of its kind (recall 1.0)', () => {
    const found = corpus.secrets.filter((s) => {
      const f = findSecrets(s.text);
      return f.length === 1 && f[0]!.kind === s.kind;
    });
    const recall = found.length / corpus.secrets.length;
    expect(corpus.secrets.filter((s) => !found.includes(s)).map((s) => s.kind)).toEqual([]);
    expect(recall).toBe(1);
  });

  it('has a case for every kind', () => {
    expect(new Set(corpus.secrets.map((s) => s.kind)).size).toBe(16);
  });

  it('finds nothing in the near-misses: documented examples, placeholders, digests, ids, prose (precision 1.0)', () => {
    const flagged = corpus.nearMisses.filter((t) => findSecrets(t).length > 0);
    const precision = corpus.secrets.length / (corpus.secrets.length + flagged.length);
    expect(flagged).toEqual([]);
    expect(precision).toBe(1);
  });

  it('gives the offset and length of the secret itself (a URL password, an assigned value)', () => {
    const text = 'url: postgres://app:S3cr3tPassw0rd@db/app';
    const [f] = findSecrets(text);
    expect(text.slice(f!.offset, f!.offset + f!.length)).toBe('S3cr3tPassw0rd');
    expect(f!.masked).toBe(SECRET_MASK);
  });

  it('shows only the vendor prefix in the mask and never the secret', () => {
    for (const s of corpus.secrets)
      for (const f of findSecrets(s.text)) {
        const secret = s.text.slice(f.offset, f.offset + f.length);
        expect(f.masked.endsWith(SECRET_MASK)).toBe(true);
        expect(secret.startsWith(f.masked.slice(0, -SECRET_MASK.length))).toBe(true);
        expect(f.masked.length - SECRET_MASK.length).toBeLessThan(secret.length / 2);
        expect(secretMessage(f)).not.toContain(secret);
      }
  });

  it('fingerprints by kind and value: stable, 16 hex digits, read back from the message', () => {
    const [f] = findSecrets('key AKIAZ7Q2LMNB4XVC6RTD');
    expect(f!.fingerprint).toBe(secretFingerprint('aws-access-key', 'AKIAZ7Q2LMNB4XVC6RTD'));
    expect(f!.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(secretFingerprint('github-token', 'AKIAZ7Q2LMNB4XVC6RTD')).not.toBe(f!.fingerprint);
    expect(secretFingerprintOf(secretMessage(f!))).toBe(f!.fingerprint);
  });

  it('leaves out allowed fingerprints only', () => {
    const text = 'a AKIAZ7Q2LMNB4XVC6RTD b ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5';
    const all = findSecrets(text);
    expect(all.map((f) => f.kind)).toEqual(['aws-access-key', 'github-token']);
    expect(findSecrets(text, { allow: [all[0]!.fingerprint] }).map((f) => f.kind)).toEqual(['github-token']);
  });
});

describe('maskSecrets', () => {
  it('replaces each secret by its mask and keeps the rest', () => {
    expect(maskSecrets('key AKIAZ7Q2LMNB4XVC6RTD, url postgres://u:S3cr3tPassw0rd@h/db.')).toBe('key AKIA****, url postgres://u:****@h/db.');
  });

  it('leaves nothing a second scan finds, and none of the secret (property)', () => {
    const secret = fc.constantFrom(...corpus.secrets.map((s) => s.text));
    const prose = fc.string({ maxLength: 40 }).map((s) => s.replace(/[A-Za-z0-9_-]$/, ' '));
    fc.assert(
      fc.property(prose, secret, prose, (a, s, b) => {
        const text = `${a} ${s} ${b}`;
        const found = findSecrets(text);
        const masked = maskSecrets(text);
        expect(findSecrets(masked)).toEqual([]);
        for (const f of found) expect(masked).not.toContain(text.slice(f.offset, f.offset + f.length));
      }),
    );
  });
});

describe('findSecrets on hostile input', () => {
  // Each is a megabyte on one line, built to make a backtracking pattern retry at every position.
  const MB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));
  const cases = [
    'token=',
    'password: ',
    'eyJhbGciOiJIUzI1NiJ9.',
    'eyJ',
    'postgres://',
    'postgres://a:',
    '-----BEGIN RSA PRIVATE KEY-----\n',
    '-----BEGIN PRIVATE KEY-----\\n' + 'A'.repeat(60),
    'ghp_',
    'AKIA',
    'sk-',
    '123456789:AA',
    'https://hooks.slack.com/services/',
    'a',
    ' ',
  ];
  for (const unit of cases)
    it(`returns on a 1 MB line of ${JSON.stringify(unit.slice(0, 24))} repeated`, () => {
      const found = findSecrets(fill(unit));
      expect(Array.isArray(found)).toBe(true);
      expect(maskSecrets(fill(unit)).length).toBeLessThanOrEqual(MB + unit.length);
    });
});
