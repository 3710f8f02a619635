// A reader that stops early (`wallpaper list --json | head -1`) closes our output, and the next
// write fails with EPIPE. As a shell tool ended by SIGPIPE, the command stops there, quietly and
// successfully: the reader had what it wanted. Node would otherwise throw the write error as an
// unhandled 'error' event, a stack trace and exit 1.

/** Call `end` (which exits) when a write to one of `streams` finds its reader gone. */
export function endQuietlyWhenOutputCloses(streams: readonly NodeJS.WritableStream[], end: () => void): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      end();
    });
  }
}
