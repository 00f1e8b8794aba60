import { readFileSync } from 'node:fs';

/** The memkit version: the build-time define when bundled, else package.json's (running from source). */
export function memkitVersion(): string {
  if (typeof __MEMKIT_VERSION__ === 'string') return __MEMKIT_VERSION__;
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
