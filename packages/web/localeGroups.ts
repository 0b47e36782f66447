import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The top-level groups of a locale file that the sign-in pages use (and the alerts, errors and connection
 * messages any page may show). The English strings are split on them at build time: these ship with the first
 * script, the rest load with the first page behind sign-in (docs/decisions/0032-light-first-scripts.md). The
 * locale files themselves stay one JSON per language.
 */
export const SIGN_IN_GROUPS = [
  'app',
  'pageTitle',
  'alerts',
  'connection',
  'login',
  'errors',
  'languages',
  'common',
  'passwords',
  'signup',
  'passwordReset',
] as const;

const GROUPED = /^(.*\/locales\/[\w-]+\.json)\?groups=(sign-in|rest)$/;

/**
 * `import strings from './en.json?groups=sign-in'` answers the sign-in groups of a locale file as one
 * module, `?groups=rest` every other group, so each becomes its own chunk.
 */
export function localeGroups(): Plugin {
  return {
    name: 'herald-locale-groups',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = GROUPED.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1] ?? '', importer, { skipSelf: true });
      return resolved ? `\0locale-groups:${resolved.id}?groups=${match[2]}` : null;
    },
    load(id) {
      if (!id.startsWith('\0locale-groups:')) return null;
      const [file, which] = id.slice('\0locale-groups:'.length).split('?groups=');
      if (!file) return null;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const signIn = new Set<string>(SIGN_IN_GROUPS);
      const picked = Object.fromEntries(
        Object.entries(all).filter(([group]) => signIn.has(group) === (which === 'sign-in')),
      );
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
