// Types of crash.js for the TypeScript tests that share it.
import type { Rng } from './random.js';
export interface CrashRound {
  round: number;
  ms: number;
  signal: NodeJS.Signals | null;
  code: number | null;
  /** PRAGMA integrity_check, or undefined when the kill came before the index existed. */
  integrity: string | undefined;
  indexed: number;
  lost: number;
}
export interface CrashResult {
  kills: number;
  midScan: number;
  integrityFailures: number;
  lost: number;
  finalTotal: number;
  expectedTotal: number;
  finalFailed: number;
}
export function crashScans(options: { root: string; kills: number; rng: Rng; log: (line: string) => void; onRound?: (round: CrashRound) => void }): Promise<CrashResult>;
export function killedUploads(options: { root: string; count: number }): Promise<{ kills: number; visibleFiles: number; indexedTemps: number; sweptAtStart: number; tempsLeft: number }>;
