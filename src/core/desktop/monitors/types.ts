// A monitor as the per-monitor picks and setters see it: its connector name, its size in pixels after
// rotation and before fractional scaling (the image it should get), its place in the desktop's layout
// and whether it is the primary one.
export interface Monitor {
  name: string;
  width: number;
  height: number;
  x: number;
  y: number;
  primary: boolean;
}

/** Width and height of a mode shown rotated by a quarter turn (or not). */
export function rotated(width: number, height: number, quarterTurn: boolean): { width: number; height: number } {
  return quarterTurn ? { width: height, height: width } : { width, height };
}

/** Exactly one primary: the one the source marked, else the first. */
export function withPrimary(monitors: Monitor[]): Monitor[] {
  const marked = monitors.findIndex((monitor) => monitor.primary);
  return monitors.map((monitor, index) => ({ ...monitor, primary: index === (marked === -1 ? 0 : marked) }));
}
