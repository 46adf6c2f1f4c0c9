import { spawn, type ChildProcess } from 'node:child_process';

/** A server process a test starts and stops itself, with everything it printed kept for failure messages. */
export interface OwnedProcess {
  readonly child: ChildProcess;
  output(): string;
  alive(): boolean;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnOwned(command: string, args: string[], options: { cwd?: string } = {}): OwnedProcess {
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => text,
    alive,
    async stop(signal = 'SIGTERM') {
      if (alive()) child.kill(signal);
      await exited;
    },
  };
}
