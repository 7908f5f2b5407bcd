import type { Plugin } from 'vite';

/**
 * One chunk for what every document (app.html and site.html) loads before anything else.
 *
 * Rolldown's automatic splitting groups modules by the set of chunks that use them, and the
 * many lazy pages cut what both documents load at start into a dozen tiny files (clsx, the icon
 * helper, the logger, React apart from React DOM...): a request each on every public page.
 * A module that every document imports statically is always loaded before any lazy chunk can
 * need it, so putting all of them in one chunk makes no document load anything more.
 *
 * `plugin` computes the set when the build ends; `test` is the `codeSplitting` group's test.
 * With fewer than two entries (the prerender's SSR build) the set stays empty.
 */
export function sharedInitialChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  let shared = new Set<string>();
  const plugin: Plugin = {
    name: 'complivue-shared-initial-chunk',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      if (entries.length < 2) {
        shared = new Set();
        return;
      }
      const closures = entries.map((entry) => {
        const seen = new Set<string>();
        const pending = [entry];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      });
      const [first, ...others] = closures;
      shared = new Set(
        [...(first ?? [])].filter(
          (id) => !entries.includes(id) && others.every((closure) => closure.has(id)),
        ),
      );
    },
  };
  return { plugin, test: (id) => shared.has(id) };
}
