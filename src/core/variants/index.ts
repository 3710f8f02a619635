// Sized variants as the library offers them: the variant of a wallpaper for a spec, made
// once from a source file that is still what the index recorded, on the bounded resize pool, kept in
// the cache home's budget; with what its answer needs (type, a strong ETag per variant, a name
// `<stem>-<w>x<h>.<ext>`). A variant answered once is answered again from warm.ts: one stat of its
// source, its bytes from memory (or its file opened), none of the lookups below.
// May use: analysis, common, formats and query.
import type { Wallpaper } from '../types.js';
import type { VariantSource, Variants } from './facade.js';
import { type VariantSpec, canonicalQuery, formatOfType } from './spec.js';

export { parseVariant, canonicalQuery } from './spec.js';
export type { VariantSpec } from './spec.js';
export type { VariantBody, VariantFile } from '../types.js';

export type { VariantSource, Variants } from './facade.js';

/** The variants of a library (facade.ts), imported when it first asks for one. */
export const createVariants = async (source: VariantSource): Promise<Variants> => (await import('./facade.js')).createVariants(source);

/** The immutable {id} URL of a wallpaper's variant (its plain image URL without a spec). */
export function variantUrl(wallpaper: Wallpaper, spec: VariantSpec | undefined): string {
  return spec ? `${wallpaper.url}?${canonicalQuery(spec, formatOfType(wallpaper.content_type))}` : wallpaper.url;
}

/** The screen a variant is for, when it names both sides. */
export const screenOf = (spec: VariantSpec | undefined): { w: number; h: number } | undefined =>
  spec?.w !== undefined && spec.h !== undefined ? { w: spec.w, h: spec.h } : undefined;
