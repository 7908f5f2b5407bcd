import type { Reporter, TestModule } from 'vitest/node';

/**
 * Fails the run when a test file ran no test (every test skipped, or a `runIf` that was
 * false): a green run must mean every file tested something. A file that belongs to one
 * database engine only is named in vitest.config.ts instead of skipping itself.
 */
export default class NoEmptyTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const empty = testModules.filter((testModule) => {
      const ran = [...testModule.children.allTests()].filter((test) => {
        const state = test.result().state;
        return state === 'passed' || state === 'failed';
      });
      return ran.length === 0 && testModule.state() !== 'failed';
    });
    if (empty.length === 0) return;
    for (const testModule of empty) {
      process.stderr.write(
        `\n✖ ${testModule.project.name}: ${testModule.relativeModuleId} ran no test (all skipped)\n`,
      );
    }
    process.exitCode = 1;
  }
}
