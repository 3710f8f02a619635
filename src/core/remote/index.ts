// The remote room: a client for a running `wallpaper serve` with the local library's interface
// (`list` and `random` with --server / WALLPAPER_SERVER).
// May use: nothing but the leaves (it speaks HTTP to another library).
import type { RemoteLibrary } from './remote.js';

export type { RemoteLibrary };

/** A client for a running `wallpaper serve` with the local library's interface; undici loads only
 * here, so local commands never pay for it. @param downloads where randomFile() keeps images */
export async function openRemote(server: string, options: { downloads?: string } = {}): Promise<RemoteLibrary> {
  const { RemoteLibrary } = await import('./remote.js');
  return new RemoteLibrary(server, options.downloads);
}
