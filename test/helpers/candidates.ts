// A picture as the near-duplicate grouping sees it: analysed as a scan would, its fingerprint, grey
// grid, size and type. The curate suites group these directly, without a library.
import { analyzeImage } from '../../src/core/analysis/analyze.js';
import type { Candidate } from '../../src/core/curate/duplicates.js';

export async function candidate(id: string, bytes: Buffer): Promise<Candidate> {
  const { analysis: a } = await analyzeImage(bytes, 480);
  return {
    id,
    fingerprint: a.fingerprint,
    grid: a.grid,
    width: a.width,
    height: a.height,
    size_bytes: bytes.length,
    content_type: a.content_type,
  };
}
