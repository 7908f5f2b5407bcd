import { globSync } from 'node:fs';
import { relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';

/** Options that make a run cover part of the suite, so that a missing file is expected. */
const FILTERS =
  /^(?:-g|--grep|--grep-invert|--last-failed|--only-changed|--test-list|--test-list-invert|--shard|--project)(?:=|$)/;

/**
 * Fails the run when a spec file ran no test: it declares none (Playwright then leaves it out
 * without a word), or every test in it was skipped. A green run must mean every file tested
 * something. The first check needs the whole suite: it is made when the command names no file
 * and no filter.
 */
export default class NoEmptySpecFiles implements Reporter {
  private config!: FullConfig;
  private root!: Suite;

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.root = suite;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    // Nothing ran (`--list`, or a run stopped before its first test): nothing to judge.
    const tests = this.root.allTests();
    if (result.status === 'interrupted' || !tests.some((test) => test.results.length > 0)) {
      return undefined;
    }
    const problems: string[] = [];
    const ran = new Map<string, boolean>();
    for (const test of tests) {
      const file = test.location.file;
      const outcome = test.outcome();
      ran.set(file, (ran.get(file) ?? false) || (outcome !== 'skipped' && test.results.length > 0));
    }
    for (const [file, anyRan] of ran) {
      if (!anyRan) problems.push(`${this.name(file)} ran no test (all skipped)`);
    }
    if (this.isWholeSuite()) {
      for (const project of this.config.projects) {
        const files = globSync(
          (Array.isArray(project.testMatch) ? project.testMatch : [project.testMatch]).map(String),
          { cwd: project.testDir, exclude: (name) => name === 'node_modules' },
        );
        for (const file of files) {
          const path = `${project.testDir}/${file}`;
          if (!ran.has(path)) problems.push(`${this.name(path)} declares no test`);
        }
      }
    }
    if (problems.length === 0) return undefined;
    for (const problem of problems) process.stderr.write(`\n✖ ${problem}\n`);
    return { status: 'failed' };
  }

  private isWholeSuite(): boolean {
    const args = process.argv.slice(process.argv.indexOf('test') + 1);
    const takesValue = new Set([
      '-c',
      '--config',
      '-j',
      '--workers',
      '--reporter',
      '--timeout',
      '--output',
      '--trace',
      '--max-failures',
      '--repeat-each',
      '--retries',
      '--shuffle',
    ]);
    for (let index = 0; index < args.length; index += 1) {
      const arg = args[index]!;
      if (FILTERS.test(arg)) return false;
      if (takesValue.has(arg)) {
        // `--shuffle` takes an optional seed: only a number is one.
        if (arg !== '--shuffle' || /^\d+$/.test(args[index + 1] ?? '')) index += 1;
        continue;
      }
      if (!arg.startsWith('-')) return false;
    }
    return true;
  }

  private name(file: string): string {
    return relative(process.cwd(), file);
  }
}
