// Types of images.js for the TypeScript tests that share it.
export function crc32(bytes: Uint8Array): number;
export function claimedSizePng(width: number, height: number): Buffer;
export function junk(length: number, salt?: number): Buffer;
