// What a wallpaper id looks like, checked before any index or file system access.

/** Ids are 16 lowercase hex characters; anything else is unknown before any file system access. */
export const isId = (value: string): boolean => /^[0-9a-f]{16}$/.test(value);
