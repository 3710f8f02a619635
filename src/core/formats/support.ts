// What this machine decodes, format by format, for `wallpaper doctor` (docs/design.md#every-format): sharp's
// own readers as its libvips reports them, the WebAssembly decoders as their packages are installed,
// djxl where it is on PATH, and the SVG and BMP readers, which need nothing but sharp.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { systemDjxl } from './djxl.js';
import { FORMAT_TABLE, type FormatName } from './table.js';

export interface FormatSupport {
  format: FormatName;
  label: string;
  extensions: readonly string[];
  decodes: boolean;
  /** Who decodes it here, or why nothing does. */
  decoder: string;
}

const require = createRequire(import.meta.url);

const installed = (file: string): boolean => {
  try {
    return existsSync(require.resolve(file));
  } catch {
    return false;
  }
};

export async function formatSupport(env: NodeJS.ProcessEnv = process.env): Promise<FormatSupport[]> {
  let reads: Set<string>;
  let sharpName: string;
  try {
    const { default: sharp } = await import('sharp');
    reads = new Set(
      Object.entries(sharp.format)
        .filter(([, format]) => format.input.buffer)
        .map(([name]) => name),
    );
    sharpName = `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips})`;
  } catch {
    reads = new Set();
    sharpName = 'sharp (not loadable)';
  }
  const wasm = typeof WebAssembly === 'object';
  const jxlWasm = wasm && installed('@jsquash/jxl/codec/dec/jxl_dec.wasm');
  const heicWasm = wasm && installed('libheif-js/libheif-wasm/libheif.wasm');
  const djxl = await systemDjxl(env);
  return FORMAT_TABLE.map(({ name, label, extensions, decoder }) => {
    const answer = (decodes: boolean, by: string) => ({ format: name, label, extensions, decodes, decoder: by });
    switch (decoder) {
      case 'jxl':
        if (djxl) return answer(true, `djxl (${djxl}); WebAssembly libjxl ${jxlWasm ? 'as fallback' : 'missing'}`);
        return answer(
          jxlWasm,
          jxlWasm ? 'WebAssembly libjxl (@jsquash/jxl); install libjxl-tools for a 4x faster djxl' : '@jsquash/jxl is not installed',
        );
      case 'heic':
        return answer(heicWasm, heicWasm ? 'WebAssembly libheif with libde265 (libheif-js)' : 'libheif-js is not installed');
      case 'svg':
        return answer(
          reads.has('svg'),
          reads.has('svg') ? `librsvg in ${sharpName}, without outside references` : `${sharpName} reads no SVG`,
        );
      case 'bmp':
        return answer(reads.has('raw'), 'the built-in BMP reader');
      default: {
        const key = name === 'avif' ? 'heif' : name;
        return answer(reads.has(key), reads.has(key) ? sharpName : `${sharpName} cannot read it`);
      }
    }
  });
}
