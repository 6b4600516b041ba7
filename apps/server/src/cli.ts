/**
 * Command-line entry: `npm run -s cli -- analyze --input FILE [--clusters K] [--seed N]`.
 * Prints exactly one JSON object on stdout; logs and errors go to stderr. Exit codes: 0 success,
 * 1 bad input or configuration (one-line message), 2 bad command line.
 */
import { AnalysisInputError } from '@app/analysis';
import { ConfigError, loadConfig } from './config/config';
import { runAnalyze, USAGE, UsageError } from './cli/analyze-command';
import { InputFileError } from './cli/read-comments-file';

export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (line: string) => void;
}

/** Runs the CLI and returns its exit code (for tests and for the entry below). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command !== 'analyze' && command !== 'analyse') {
      throw new UsageError(command ? `Unknown command ${command}. ${USAGE}` : USAGE);
    }
    const config = loadConfig(io.env);
    const report = await runAnalyze(rest, { config, cwd: io.cwd, log: io.stderr });
    io.stdout(`${JSON.stringify(report)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.stderr(`error: invalid configuration: ${error.problems.join('; ')}`);
      return 1;
    }
    if (error instanceof InputFileError || error instanceof AnalysisInputError) {
      io.stderr(`error: ${error.message}`);
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`error: ${message.split('\n')[0]}`);
    return 1;
  }
}

const isEntry = process.argv[1] !== undefined && /[\\/]cli\.(ts|js|mjs)$/.test(process.argv[1]);
if (isEntry) {
  void runCli(process.argv.slice(2), {
    env: process.env,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (line) => process.stderr.write(`${line}\n`),
  }).then((code) => {
    // Exit once stdout is flushed: native runtimes (ONNX) may otherwise keep the process alive.
    process.stdout.write('', () => process.exit(code));
  });
}
