// One real picture in every indexed format, made by the encoders people's files come
// from: Debian's own libjxl-tools (`cjxl`, lossless from PNG and the lossless recompression of a
// JPEG, as GNOME ships its wallpapers) and libheif-examples (`heif-enc`, several images in one file
// too), sharp for AVIF, TIFF and GIF, and a BMP writer here (sharp writes none). Where an encoder is
// missing the test is skipped with the reason, but in CI (`CI=true`) that is a failure: `.ci/run`
// installs them.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Test } from 'tap';

/** Debian's encoders the format tests run, with the package that brings each. */
export const ENCODERS = { cjxl: 'libjxl-tools', 'heif-enc': 'libheif-examples' } as const;

const onPath = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
};

/** True when every encoder is here; else the test is skipped saying which package to install
 * (failed in CI). */
export function requireEncoders(t: Test): boolean {
  const missing = Object.entries(ENCODERS).filter(([tool]) => !onPath(tool));
  if (missing.length === 0) return true;
  const reason = `needs ${missing.map(([tool, pkg]) => `${tool} (apt-get install ${pkg})`).join(', ')}`;
  if (process.env.CI === 'true') t.fail(reason);
  else t.plan(0, reason);
  return false;
}

/** A 24-bit bottom-up BMP of RGB pixels (the most common kind Windows writes). */
export function encodeBmp(rgb: Buffer, width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      out[row + x * 3] = rgb[from + 2]!;
      out[row + x * 3 + 1] = rgb[from + 1]!;
      out[row + x * 3 + 2] = rgb[from]!;
    }
  }
  return out;
}

export interface FormatFiles {
  /** The reference: the picture as PNG. */
  png: string;
  jpg: string;
  /** cjxl's lossless recompression of `jpg` (the same JPEG inside). */
  jpgJxl: string;
  /** cjxl -d 0 of the PNG: the same pixels. */
  jxl: string;
  /** heif-enc, lossless RGB. */
  heic: string;
  avif: string;
  tif: string;
  gif: string;
  bmp: string;
}

/** `source` (an image file) at `width` x `height` in every format, in `dir`. */
export async function everyFormat(source: string, dir: string, width: number, height: number): Promise<FormatFiles> {
  const image = sharp(source).resize(width, height, { fit: 'cover' }).removeAlpha();
  const file = (name: string) => join(dir, name);
  const files: FormatFiles = {
    png: file('picture.png'),
    jpg: file('picture.jpg'),
    jpgJxl: file('picture-jpg.jxl'),
    jxl: file('picture.jxl'),
    heic: file('picture.heic'),
    avif: file('picture.avif'),
    tif: file('picture.tif'),
    gif: file('picture.gif'),
    bmp: file('picture.bmp'),
  };
  await image.clone().png().toFile(files.png);
  await image.clone().jpeg({ quality: 92 }).toFile(files.jpg);
  await image.clone().avif({ quality: 90, chromaSubsampling: '4:4:4' }).toFile(files.avif);
  await image.clone().tiff().toFile(files.tif);
  await image.clone().gif().toFile(files.gif);
  const { data, info } = await image.clone().raw().toBuffer({ resolveWithObject: true });
  writeFileSync(files.bmp, encodeBmp(data, info.width, info.height));
  execFileSync('cjxl', [files.jpg, files.jpgJxl, '--quiet'], { stdio: 'pipe' });
  execFileSync('cjxl', [files.png, files.jxl, '-d', '0', '--quiet'], { stdio: 'pipe' });
  heifEnc([files.png], files.heic);
  return files;
}

/** heif-enc of `inputs` into one HEIC (the first is its primary image), lossless RGB. */
export function heifEnc(inputs: readonly string[], out: string): void {
  execFileSync('heif-enc', ['-L', '-p', 'chroma=444', '--matrix_coefficients=0', ...inputs, '-o', out], { stdio: 'pipe' });
}
