// The --help of a command, run in-process (the program bin/ runs, built by the same factory) with
// its output captured: as a pipe sees it, or as a terminal `columns` wide sees it.
import { Writable } from 'node:stream';
import { run } from '../../src/cli.js';

class Captured extends Writable {
  text = '';
  constructor(
    readonly isTTY: boolean,
    readonly columns: number | undefined,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface HelpOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** `wallpaper ...path --help`; `columns` makes stdout a terminal that wide (else a pipe). */
export async function helpOf(path: readonly string[], columns?: number): Promise<HelpOutput> {
  const stdout = new Captured(columns !== undefined, columns);
  const stderr = new Captured(false, undefined);
  const code = await run(['node', 'wallpaper', ...path, '--help'], { env: {}, stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
