/**
 * `npm run build -w @complivue/api`: compiles the server for production into apps/api/dist, so
 * that `node apps/api/dist/main.js` runs it without tsx or any other dev dependency.
 *
 * The workspace packages (@complivue/shared, @complivue/db) are TypeScript source and are bundled
 * in; every npm package stays external and is loaded from node_modules at run time, which is why
 * the build fails when the bundle imports a package no workspace lists in `dependencies`
 * (`npm ci --omit=dev` would not install it).
 */
import { readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';

const apiDir = import.meta.dirname;
const repoDir = resolve(apiDir, '../..');
const outdir = join(apiDir, 'dist');

// Every output file lands directly in dist/ (no subfolders, no shared chunks): the rewrite of
// `import.meta.url` below is relative to dist/, whichever output a module ends up in.
// The policy text worker is an entry of its own: a worker thread loads it by file.
const entryPoints = [
  'src/main.ts',
  'src/cli/create-admin.ts',
  'src/cli/seed-demo.ts',
  'src/modules/policies/policy-text.worker.ts',
].map((file) => join(apiDir, file));

/**
 * npm packages stay external; the workspace packages and relative imports are bundled.
 */
const externalPackages: Plugin = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@complivue/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The code finds its files (migrations, library content, help articles, PDF fonts) next to its
 * source with `new URL('../x', import.meta.url)`. In a bundle `import.meta.url` would be
 * dist/main.js, so each module's `import.meta.url` is rewritten to the URL its source file has
 * relative to dist/: the same lines then find the same committed files from source (tsx, tests)
 * and from dist, wherever the repository is copied, as long as its layout is kept.
 */
const sourceImportMetaUrl: Plugin = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromDist = relative(outdir, args.path).split(sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints,
  outdir,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  // Names stay readable in stack traces and logs; the server's size does not matter.
  minify: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceImportMetaUrl],
});

const runtimeDependencies = new Set(
  ['apps/api', 'packages/db', 'packages/shared'].flatMap((workspace) => {
    const manifest = JSON.parse(readFileSync(join(repoDir, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    return Object.keys(manifest.dependencies ?? {});
  }),
);
const builtins = new Set(builtinModules);
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const undeclared = new Set<string>();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external) continue;
    const name = packageName(imported.path);
    if (imported.path.startsWith('node:') || builtins.has(name)) continue;
    if (!runtimeDependencies.has(name)) undeclared.add(name);
  }
}
if (undeclared.size > 0) {
  process.stderr.write(
    `The server imports packages that are not runtime dependencies of apps/api, packages/db or packages/shared: ${[...undeclared].join(', ')}. Move them to "dependencies".\n`,
  );
  process.exit(1);
}

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.js')) {
    process.stdout.write(`${relative(repoDir, file)}  ${(output.bytes / 1024).toFixed(0)} KB\n`);
  }
}
